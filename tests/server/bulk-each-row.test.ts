import { describe, expect, it } from 'vitest';
import { BULK_ROWS_AT_ONCE, chunkedReads, eachRow, READ_AT_ONCE, type BulkRecord } from '../../server/engine/bulk/bulkActions.js';

/** How a bulk action takes its rows (server/engine/bulk/bulkActions.ts `eachRow`): a few at once, in order, stopping when told. */
describe('eachRow', () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

  it('runs every row once, in the order of the ids, never more than BULK_ROWS_AT_ONCE at a time', async () => {
    const ids = Array.from({ length: 25 }, (_, index) => 100 + index);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const taken = await eachRow(ids, async (id, index) => {
      expect(ids[index]).toBe(id);
      started.push(id);
      running += 1;
      most = Math.max(most, running);
      await tick();
      running -= 1;
    });
    expect(taken).toBe(25);
    expect(started).toEqual(ids);
    expect(most).toBe(BULK_ROWS_AT_ONCE);
  });

  it('takes no row once told to stop, and lets the rows running end', async () => {
    const ended: number[] = [];
    let stop = false;
    const taken = await eachRow(
      Array.from({ length: 40 }, (_, index) => index + 1),
      async (id) => {
        if (id === 6) stop = true;
        await tick();
        ended.push(id);
      },
      () => stop,
    );
    expect(taken).toBe(6);
    expect(ended.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('throws the first failure once the rows running have ended, taking no row after it', async () => {
    const ended: number[] = [];
    const failure = new Error('the database went away');
    await expect(
      eachRow(
        Array.from({ length: 40 }, (_, index) => index + 1),
        async (id) => {
          await tick();
          if (id === 3) throw failure;
          ended.push(id);
        },
      ),
    ).rejects.toBe(failure);
    expect(Math.max(...ended)).toBeLessThanOrEqual(3 + BULK_ROWS_AT_ONCE);
  });

  it('reads the records a chunk at a time as the rows are taken, each chunk once and the next one ahead; an id with no record is undefined', async () => {
    const ids = Array.from({ length: READ_AT_ONCE * 2 + 7 }, (_, index) => index + 1);
    const reads: number[][] = [];
    const recordAt = chunkedReads(
      {
        async read(chunk) {
          reads.push([...chunk]);
          await tick();
          return new Map(chunk.filter((id) => id !== 5).map((id): [number, BulkRecord] => [id, { id, title: `Sheet ${id}` }]));
        },
      },
      ids,
    );
    const seen: (BulkRecord | undefined)[] = [];
    await eachRow(ids, async (_id, index) => {
      seen[index] = await recordAt(index);
    });
    expect(reads).toEqual([ids.slice(0, READ_AT_ONCE), ids.slice(READ_AT_ONCE, 2 * READ_AT_ONCE), ids.slice(2 * READ_AT_ONCE)]);
    expect(seen.map((record) => record?.id)).toEqual(ids.map((id) => (id === 5 ? undefined : id)));
  });
});
