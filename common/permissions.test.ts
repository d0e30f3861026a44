import { describe, expect, it } from 'vitest';
import { allows, beyond, effectivePermissions, holds, type HeldRole } from './permissions.js';

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

describe('What permissions allow', () => {
  const of = (permissions: HeldRole['permissions'], owner = false) => effectivePermissions([{ owner, permissions }]);

  it('is an action on a screen its roles grant, everything for an Owner', () => {
    const editor = of({ screens: { genres: { actions: ['list', 'update'] } }, system: ['ai'] });
    expect(allows(editor, 'genres', 'update')).toBe(true);
    expect(allows(editor, 'genres', 'delete')).toBe(false);
    expect(allows(editor, 'books', 'list')).toBe(false);
    expect(holds(editor, 'ai')).toBe(true);
    expect(holds(editor, 'studio.publish')).toBe(false);
    expect(allows(of({}, true), 'anything-added-later', 'restore')).toBe(true);
  });

  it('changes the administrators and the roles with their system permission only; a screen grant there reads', () => {
    const reader = of({ screens: { administrators: { actions: ['list', 'read', 'update', 'delete'] } } });
    expect(allows(reader, 'administrators', 'read')).toBe(true);
    expect(allows(reader, 'administrators', 'update')).toBe(false);
    const manager = of({ system: ['administrators'] });
    expect(allows(manager, 'administrators', 'delete')).toBe(true);
    // Whoever gives roles picks them from the roles' list, without editing them.
    expect(allows(manager, 'roles', 'list')).toBe(true);
    expect(allows(manager, 'roles', 'update')).toBe(false);
  });

  it('is beyond another’s when it grants an action, a permission, a field or rows they do not hold', () => {
    const title = (screen: string) => screen.toUpperCase();
    const holder = of({ screens: { genres: { actions: ['list', 'read'], fields: { color: 'hidden' }, rows: { parent_id: ['1'] } } }, system: ['ai'] });
    expect(beyond(of({ screens: { genres: { actions: ['list'], fields: { color: 'hidden' }, rows: { parent_id: ['1'] } } } }), holder, title)).toBeUndefined();
    expect(beyond(of({ screens: { genres: { actions: ['delete'] } } }), holder, title)).toBe('Delete on GENRES');
    expect(beyond(of({ system: ['roles'] }), holder, title)).toBe('Edit roles');
    expect(beyond(of({ screens: { genres: { actions: ['list'], rows: { parent_id: ['1'] } } } }), holder, title)).toBe('the field color on GENRES');
    expect(beyond(of({ screens: { genres: { actions: ['list'], fields: { color: 'hidden' } } } }), holder, title)).toBe('rows beyond yours on GENRES');
    expect(beyond(of({}, true), holder, title)).toBe('the Owner role');
    expect(beyond(of({}, true), of({}, true), title)).toBeUndefined();
  });
});
