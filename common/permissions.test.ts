import { describe, expect, it } from 'vitest';
import { effectivePermissions, type HeldRole } from './permissions.js';

const role = (permissions: HeldRole['permissions'], owner = false): HeldRole => ({ owner, permissions });

describe('the permissions of several roles together', () => {
  it('grant what any of them grants, in the screens’ order of actions, and nothing unknown', () => {
    const granted = effectivePermissions([
      role({ screens: { genres: { actions: ['update', 'list', 'fly'] } }, system: ['ai', 'teleport'] }),
      role({ screens: { genres: { actions: ['read', 'list'] }, books: { actions: ['list'] } }, system: ['roles', 'ai'] }),
      role({ screens: { times: { actions: [] } } }),
    ]);
    expect(granted).toEqual({
      owner: false,
      screens: {
        genres: { actions: ['list', 'read', 'update'], fields: {}, rows: null },
        books: { actions: ['list'], fields: {}, rows: null },
      },
      system: ['roles', 'ai'],
    });
  });

  it('keep a field hidden or read-only only when every role granting its screen rules it', () => {
    const granted = effectivePermissions([
      role({ screens: { users: { actions: ['list'], fields: { email: 'hidden', phone: 'hidden', credits: 'readOnly', city: 'hidden' } } } }),
      role({ screens: { users: { actions: ['read'], fields: { email: 'hidden', phone: 'readOnly', credits: 'readOnly' } } } }),
      role({ screens: { books: { actions: ['list'], fields: { city: 'hidden' } } } }),
    ]);
    expect(granted.screens.users).toEqual({ actions: ['list', 'read'], fields: { email: 'hidden', phone: 'readOnly', credits: 'readOnly' }, rows: null });
  });

  it('reach the rows of any condition, and every row once one role sets none', () => {
    const draft = { statuses: ['1'] };
    const ready = { statuses: ['2'] };
    expect(
      effectivePermissions([role({ screens: { books: { actions: ['list'], rows: draft } } }), role({ screens: { books: { actions: ['read'], rows: ready } } })])
        .screens.books!.rows,
    ).toEqual([draft, ready]);
    expect(
      effectivePermissions([role({ screens: { books: { actions: ['list'], rows: draft } } }), role({ screens: { books: { actions: ['read'] } } })]).screens
        .books!.rows,
    ).toBeNull();
  });

  it('are an Owner’s when one role is the Owner role, and none without a role', () => {
    expect(effectivePermissions([role({}), role({}, true)]).owner).toBe(true);
    expect(effectivePermissions([])).toEqual({ owner: false, screens: {}, system: [] });
  });
});
