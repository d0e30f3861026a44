import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdministrator } from '../../server/auth/firstAdministrator.js';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/client.js';
import { administratorRoles, administrators, roles } from '../../server/db/schema/index.js';
import { ROLE_MESSAGES } from '../../server/resources/roles.js';
import { adminApi } from '../helpers/adminApi.js';
import { databaseBefore } from '../helpers/databaseBefore.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { createTestDatabase } from '../helpers/testDatabase.js';

let t: TestApp;
let api: ReturnType<typeof adminApi>;
beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.login();
  api = adminApi(t, () => cookie);
});
afterAll(async () => t.close());

type Role = { id: number; name: string; description: string; owner: boolean; permissions: Record<string, unknown> };
const builtIn = async () => ((await api.call('GET', 'roles?perPage=50')).json().data as Role[]).filter((role) => role.id <= 4);

describe('roles (admin/roles)', () => {
  it('come with the Owner (a flag: everything) and the roles staff may change: Editor, Screen designer, Viewer', async () => {
    const list = await builtIn();
    expect(list.map((role) => [role.name, role.owner])).toEqual([
      ['Owner', true],
      ['Editor', false],
      ['Screen designer', false],
      ['Viewer', false],
    ]);
    const viewer = (await api.call('GET', `roles/${list[3]!.id}`)).json().data as Role;
    const screens = viewer.permissions.screens as Record<string, { actions: string[]; fields?: Record<string, string> }>;
    expect(screens.genres!.actions).toEqual(['list', 'read']);
    expect(screens.users!.fields).toMatchObject({ email: 'hidden', phone: 'hidden' });
    expect(screens.administrators).toBeUndefined();
    const designer = (await api.call('GET', `roles/${list[2]!.id}`)).json().data as Role;
    expect(designer.permissions.system).toEqual(['studio.edit', 'studio.publish', 'activity']);
  });

  it('creates, renames and deletes a role; a name is unique whatever its case; the Owner role stays', async () => {
    const created = await api.save<Role>('roles', { name: ' Scout ', description: 'Reads the catalogue.' });
    expect(created).toMatchObject({ name: 'Scout', description: 'Reads the catalogue.', owner: false, permissions: {} });
    expect(await api.invalid('roles', { name: 'scout' })).toEqual({ name: [ROLE_MESSAGES.nameTaken] });
    const renamed = await api.save<Role>('roles', { name: 'Freelance scout', description: null }, created.id);
    expect(renamed).toMatchObject({ id: created.id, name: 'Freelance scout', description: '' });
    expect((await api.call('DELETE', `roles/${created.id}`)).statusCode).toBe(200);
    expect((await api.call('GET', `roles/${created.id}`)).statusCode).toBe(404);

    const [owner] = await builtIn();
    const refused = await api.call('DELETE', `roles/${owner!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ROLE_MESSAGES.ownerKept);
  });
});

describe("an administrator's roles (role_ids)", () => {
  it('are saved and read back, left as they are when a save leaves them out, and refused when one names no role', async () => {
    const [, editor, designer] = await builtIn();
    const created = await api.save<{ role_ids: number[] }>('administrators', {
      firstname: 'Ada',
      lastname: 'Scout',
      email: 'ada.scout@example.com',
      password: 'a long password',
      role_ids: [designer!.id, editor!.id],
    });
    expect(created.role_ids).toEqual([editor!.id, designer!.id]);
    expect((await api.call('GET', `administrators/${created.id}`)).json().data.role_ids).toEqual([editor!.id, designer!.id]);

    const renamed = await api.save<{ role_ids: number[]; firstname: string }>(
      'administrators',
      { firstname: 'Adah', email: 'ada.scout@example.com' },
      created.id,
    );
    expect(renamed).toMatchObject({ firstname: 'Adah', role_ids: [editor!.id, designer!.id] });

    expect(
      (await api.save<{ role_ids: number[] }>('administrators', { firstname: 'Adah', email: 'ada.scout@example.com', role_ids: [designer!.id] }, created.id))
        .role_ids,
    ).toEqual([designer!.id]);
    expect(await api.invalid('administrators', { firstname: 'Adah', email: 'ada.scout@example.com', role_ids: [designer!.id, 999_999] }, created.id)).toEqual({
      'role_ids.1': ['The selected role does not exist.'],
    });
    expect((await api.call('GET', `administrators/${created.id}`)).json().data.role_ids).toEqual([designer!.id]);

    // The role's delete takes it from those who held it.
    const scout = await api.save<Role>('roles', { name: 'Temporary' });
    await api.save('administrators', { firstname: 'Adah', email: 'ada.scout@example.com', role_ids: [scout.id] }, created.id);
    await api.call('DELETE', `roles/${scout.id}`);
    expect((await api.call('GET', `administrators/${created.id}`)).json().data.role_ids).toEqual([]);
  });
});

describe('the history of roles', () => {
  it("keeps each change to a role, and to an administrator's roles, as a revision", async () => {
    const [, editor, designer] = await builtIn();
    const role = await api.save<Role>('roles', { name: 'Archivist' });
    await api.save('roles', { name: 'Archivist', description: 'Keeps the old sheets.' }, role.id);
    const roleHistory = (await api.call('GET', `history/roles/${role.id}?perPage=50`)).json();
    expect(roleHistory.data.map((revision: { action: string }) => revision.action)).toEqual(['update', 'create']);
    expect(roleHistory.data[0].changes).toEqual({ description: { from: '', to: 'Keeps the old sheets.' } });

    const admin = await api.save('administrators', { firstname: 'Lin', email: 'lin@example.com', password: 'a long password', role_ids: [editor!.id] });
    await api.save('administrators', { firstname: 'Lin', email: 'lin@example.com', role_ids: [editor!.id, designer!.id] }, admin.id);
    const [change] = (await api.call('GET', `history/administrators/${admin.id}?perPage=50`)).json().data;
    expect(change).toMatchObject({ action: 'update', changes: { role_ids: { from: [editor!.id], to: [editor!.id, designer!.id] } } });
  });
});

describe('GET admin/me', () => {
  it('carries what the administrator may do, all their roles together, and follows a role change at the next request', async () => {
    expect((await api.call('GET', 'me')).json().data.permissions).toEqual({ owner: true, screens: {}, system: [] });

    const [, editor, , viewer] = await builtIn();
    await api.save('administrators', { firstname: 'Noor', email: 'noor@example.com', password: 'a long password', role_ids: [viewer!.id] });
    const noorCookie = await t.login('noor@example.com', 'a long password');
    const noor = adminApi(t, () => noorCookie);
    const asViewer = (await noor.call('GET', 'me')).json().data.permissions;
    expect(asViewer.owner).toBe(false);
    expect(asViewer.screens.genres).toEqual({ actions: ['list', 'read'], fields: {}, rows: null });
    expect(asViewer.screens.users.fields).toMatchObject({ email: 'hidden', phone: 'hidden' });
    expect(asViewer.screens.administrators).toBeUndefined();
    expect(asViewer.system).toEqual([]);

    // Given the Editor role too, in her same session: the union, the subscribers' fields still hidden (the Editor has no users screen).
    const id = (await api.call('GET', 'administrators?name=noor')).json().data[0].id as number;
    await api.save('administrators', { firstname: 'Noor', email: 'noor@example.com', role_ids: [viewer!.id, editor!.id] }, id);
    const both = (await noor.call('GET', 'me')).json().data.permissions;
    expect(both.screens.genres.actions).toEqual(['list', 'read', 'create', 'update', 'delete', 'export', 'bulk', 'history', 'restore']);
    expect(both.screens.users.fields).toMatchObject({ email: 'hidden' });
    expect(both.system).toEqual(['ai']);
  });
});

describe('who is an Owner', () => {
  it('the first administrator, made at start', async () => {
    const database = await createTestDatabase();
    try {
      const config = loadConfig({
        DATA_DIR: 'data/test',
        CLIENT_DIR: 'no-client',
        DEMO_DATA: 'false',
        ADMIN_EMAIL: 'first@example.com',
        ADMIN_PASSWORD: 'a long password',
      });
      const log = { info: () => undefined, warn: () => undefined } as unknown as Parameters<typeof ensureFirstAdministrator>[2];
      await ensureFirstAdministrator(database.db, config, log, () => undefined);
      const held = await database.db
        .select({ email: administrators.email, owner: roles.owner })
        .from(administratorRoles)
        .innerJoin(administrators, eq(administrators.id, administratorRoles.administratorId))
        .innerJoin(roles, eq(roles.id, administratorRoles.roleId));
      expect(held).toEqual([{ email: 'first@example.com', owner: true }]);
    } finally {
      await database.close();
    }
  });

  it('every administrator of an installation upgraded to roles: nothing changes until staff decide', async () => {
    let database: Database | undefined;
    try {
      database = await databaseBefore('0022_roles');
      await database.db.insert(administrators).values([
        { firstname: 'A', lastname: 'One', email: 'one@example.com', passwordHash: 'x' },
        { firstname: 'B', lastname: 'Two', email: 'two@example.com', passwordHash: 'x' },
      ]);
      await database.migrate();
      const held = await database.db
        .select({ email: administrators.email, role: roles.name })
        .from(administratorRoles)
        .innerJoin(administrators, eq(administrators.id, administratorRoles.administratorId))
        .innerJoin(roles, eq(roles.id, administratorRoles.roleId))
        .orderBy(asc(administrators.email));
      expect(held).toEqual([
        { email: 'one@example.com', role: 'Owner' },
        { email: 'two@example.com', role: 'Owner' },
      ]);
    } finally {
      await database?.close();
    }
  });
});
