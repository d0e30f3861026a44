import { describe, expect, it } from 'vitest';
import { diffSnapshots, revertChanges, type Snapshot } from './recordChanges.js';

describe('diffSnapshots', () => {
  it('keeps only what changed: a value, the locales of a map, the keys of an object', () => {
    const before: Snapshot = { name: 'Drama', names: { en: 'Drama', fr: 'Drame' }, ratings: { quality: 3, plot: 2 }, color: '#111111' };
    const after: Snapshot = {
      name: 'Drama',
      names: { en: 'Drama', fr: 'Drame psychologique', de: 'Drama' },
      ratings: { quality: 4, plot: 2 },
      color: '#111111',
    };
    expect(diffSnapshots(before, after)).toEqual({
      names: { locales: { fr: { from: 'Drame', to: 'Drame psychologique' }, de: { from: null, to: 'Drama' } } },
      ratings: { fields: { quality: { from: 3, to: 4 } } },
    });
  });

  it('sees no change between an empty text, null, an empty map and an empty list', () => {
    expect(diffSnapshots({ a: '', b: null, c: {}, d: [] }, { a: null, b: '', c: null, d: null })).toEqual({});
  });

  it('diffs a list of items by id: added and removed in their places, changed field by field, and a new order', () => {
    const before: Snapshot = {
      characters: [
        { id: 1, name: 'Ada' },
        { id: 2, name: 'Grace' },
        { id: 3, name: 'Alan' },
      ],
    };
    const after: Snapshot = {
      characters: [
        { id: 3, name: 'Alan' },
        { id: 2, name: 'Grace Hopper' },
        { id: 4, name: 'Edsger' },
      ],
    };
    expect(diffSnapshots(before, after)).toEqual({
      characters: {
        items: {
          added: [{ at: 2, item: { id: 4, name: 'Edsger' } }],
          removed: [{ at: 0, item: { id: 1, name: 'Ada' } }],
          changed: [{ id: 2, changes: { name: { from: 'Grace', to: 'Grace Hopper' } } }],
          order: { from: [1, 2, 3], to: [3, 2, 4] },
        },
      },
    });
  });

  it('keeps a list of ids whole, and never a secret at any depth', () => {
    expect(diffSnapshots({ genres: [1, 2] }, { genres: [2, 5] })).toEqual({ genres: { from: [1, 2], to: [2, 5] } });
    expect(
      diffSnapshots(
        { password: 'a', plans: [{ id: 1, provider_subscription_id: 'sub_1', state: 'active' }] },
        { password: 'b', plans: [{ id: 1, provider_subscription_id: 'sub_2', state: 'canceled' }] },
      ),
    ).toEqual({
      plans: { items: { changed: [{ id: 1, changes: { state: { from: 'active', to: 'canceled' } } }] } },
    });
  });
});

describe('revertChanges', () => {
  it('brings back the values before the changes, and only the fields named', () => {
    const before: Snapshot = { title: 'Old', names: { en: 'A', fr: 'B' }, count: 1 };
    const after: Snapshot = { title: 'New', names: { en: 'A', fr: 'C', it: 'D' }, count: 2 };
    const changes = diffSnapshots(before, after);
    expect(revertChanges(after, changes)).toEqual(before);
    expect(revertChanges(after, changes, ['names'])).toEqual({ ...after, names: { en: 'A', fr: 'B' } });
  });

  it('undoes a list change on the list as it is now, keeping later changes to other items', () => {
    const before: Snapshot = {
      characters: [
        { id: 1, name: 'Ada' },
        { id: 2, name: 'Grace' },
        { id: 3, name: 'Alan' },
      ],
    };
    const after: Snapshot = {
      characters: [
        { id: 3, name: 'Alan' },
        { id: 2, name: 'Grace Hopper' },
        { id: 4, name: 'Edsger' },
      ],
    };
    const changes = diffSnapshots(before, after);
    expect(revertChanges(after, changes)).toEqual(before);
    // Later, someone renamed Alan: the restore of the earlier change keeps that.
    const now: Snapshot = {
      characters: [
        { id: 3, name: 'Alan Turing' },
        { id: 2, name: 'Grace Hopper' },
        { id: 4, name: 'Edsger' },
      ],
    };
    expect(revertChanges(now, changes)).toEqual({
      characters: [
        { id: 1, name: 'Ada' },
        { id: 2, name: 'Grace' },
        { id: 3, name: 'Alan Turing' },
      ],
    });
  });

  it('recreates a deleted record from nothing', () => {
    const record: Snapshot = { name: 'Gone', names: { en: 'Gone' }, authors: [{ id: 7, name: 'X' }] };
    expect(revertChanges({}, diffSnapshots(record, {}))).toEqual(record);
  });
});
