import { and, asc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { outboxMessages, type NewOutboxMessage, type OutboxMessage } from '../../schema/index.js';

/** States in which a message still waits to go out (a new one for the same recipient and sheet is not queued). */
const WAITING_STATUSES = ['pending', 'sending', 'held'] as const;

/** Longest error text kept on a row. */
const MAX_ERROR_LENGTH = 2000;

const seconds = (ms: number) => sql`make_interval(secs => ${Math.max(0, ms) / 1000})`;

/** Outbox reads and writes; times come from the database clock, shared by every process. */
export const outboxRepository = {
  async insert(db: Db, rows: NewOutboxMessage[]): Promise<OutboxMessage[]> {
    if (rows.length === 0) return [];
    return db.insert(outboxMessages).values(rows).returning();
  },

  /** The users who already have a mail of `kind` about `bookId` waiting. */
  async waitingRecipients(db: Db, kind: string, bookId: number): Promise<Set<number>> {
    const rows = await db
      .selectDistinct({ userId: outboxMessages.userId })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.kind, kind),
          eq(outboxMessages.bookId, bookId),
          isNotNull(outboxMessages.userId),
          inArray(outboxMessages.status, [...WAITING_STATUSES]),
        ),
      );
    return new Set(rows.map((row) => row.userId!));
  },

  /**
   * Claims up to `limit` due messages for one delivery attempt: pending ones whose time has come,
   * and `sending` ones whose lease ran out (their process died mid-send). They become `sending`
   * until now + `leaseMs`, with one more attempt counted. `FOR UPDATE SKIP LOCKED` lets several
   * server processes share the outbox on PostgreSQL without sending a message twice.
   */
  async claimDue(db: Db, { limit, leaseMs }: { limit: number; leaseMs: number }): Promise<OutboxMessage[]> {
    const due = db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(
        or(
          and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, sql`now()`)),
          and(eq(outboxMessages.status, 'sending'), lte(outboxMessages.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(outboxMessages.nextAttemptAt), asc(outboxMessages.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(outboxMessages)
      .set({
        status: 'sending',
        attempts: sql`${outboxMessages.attempts} + 1`,
        lockedUntil: sql`now() + ${seconds(leaseMs)}`,
        updatedAt: sql`now()`,
      })
      .where(inArray(outboxMessages.id, due))
      .returning();
    return claimed.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id);
  },

  async markSent(db: Db, id: number): Promise<void> {
    await db
      .update(outboxMessages)
      .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null, updatedAt: sql`now()` })
      .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'sending')));
  },

  /** Records a failed attempt: pending again after `retryInMs`, or `failed` for good when it is undefined. */
  async markAttemptFailed(db: Db, id: number, error: string, retryInMs: number | undefined): Promise<void> {
    await db
      .update(outboxMessages)
      .set({
        status: retryInMs === undefined ? 'failed' : 'pending',
        nextAttemptAt: retryInMs === undefined ? undefined : sql`now() + ${seconds(retryInMs)}`,
        lockedUntil: null,
        lastError: error.slice(0, MAX_ERROR_LENGTH),
        updatedAt: sql`now()`,
      })
      .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'sending')));
  },

  /** Gives claimed messages back untried (the loop is stopping): pending again, the attempt not counted. */
  async release(db: Db, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .update(outboxMessages)
      .set({ status: 'pending', attempts: sql`greatest(${outboxMessages.attempts} - 1, 0)`, lockedUntil: null, updatedAt: sql`now()` })
      .where(and(inArray(outboxMessages.id, ids), eq(outboxMessages.status, 'sending')));
  },

  /** Without a transport: every pending message becomes `held`; returns them (to be logged once). */
  async holdPending(db: Db): Promise<OutboxMessage[]> {
    return db
      .update(outboxMessages)
      .set({ status: 'held', lockedUntil: null, updatedAt: sql`now()` })
      .where(eq(outboxMessages.status, 'pending'))
      .returning();
  },

  /** With a transport: held messages (kept while SMTP was not configured) are due again; returns how many. */
  async releaseHeld(db: Db): Promise<number> {
    const rows = await db
      .update(outboxMessages)
      .set({ status: 'pending', nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(outboxMessages.status, 'held'))
      .returning({ id: outboxMessages.id });
    return rows.length;
  },
};
