import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { ADMIN, createTestApp, type TestApp } from '../helpers/testApp.js';
import { createRoleHolder, type RoleHolder } from '../helpers/roleHolder.js';

/**
 * No escalation (docs/permissions.md): without `administrators` nobody changes anyone's roles,
 * their own included; with it but not Owner, one gives only what one holds, never the Owner role;
 * the last Owner keeps it. All refused on the server.
 */
let t: TestApp;
let owner: string;
let holder: RoleHolder;
const roleIds: Record<string, number> = {};
let someone: number;

const as = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload ? { payload } : {}) });
const person = (email: string, role_ids: number[]) => ({ firstname: 'Given', lastname: 'Roles', email, role_ids });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login();
  holder = await createRoleHolder(t);
  for (const role of (await as(owner, 'GET', 'roles?perPage=100')).json<{ data: { id: number; name: string }[] }>().data) roleIds[role.name] = role.id;
  const created = await as(owner, 'POST', 'administrators', { ...person('someone@scouting.test', [roleIds.Viewer!]), password: 'password-123' });
  expect(created.statusCode, created.body).toBe(200);
  someone = created.json<{ data: { id: number } }>().data.id;
}, 60_000);
afterAll(async () => t.close());

describe("An administrator's roles", () => {
  it('are changed by nobody without the administrators permission, their own included', async () => {
    await holder.grant({ screens: { administrators: { actions: ['list', 'read', 'update'] } } });
    const other = await as(holder.cookie, 'POST', `administrators/${someone}`, person('someone@scouting.test', [roleIds.Editor!]));
    expect(other.statusCode).toBe(403);
    const own = await as(holder.cookie, 'POST', `administrators/${holder.administratorId}`, {
      ...person(`own${holder.administratorId}@scouting.test`, [roleIds.Editor!]),
    });
    expect(own.statusCode).toBe(403);
  });

  it('are given by a holder of administrators only as far as their own reach, never the Owner role', async () => {
    await holder.grant({ system: ['administrators'], screens: { genres: { actions: ['list', 'read'] } } });
    const owners = await as(holder.cookie, 'POST', `administrators/${someone}`, person('someone@scouting.test', [roleIds.Viewer!, roleIds.Owner!]));
    expect(owners.statusCode).toBe(403);
    expect(owners.json()).toEqual({ message: 'Only an Owner gives or takes the Owner role.' });
    const editor = await as(holder.cookie, 'POST', `administrators/${someone}`, person('someone@scouting.test', [roleIds.Editor!]));
    expect(editor.statusCode).toBe(403);
    expect(editor.json<{ message: string }>().message).toMatch(/^You cannot give a role that grants more than yours: it grants .+\.$/);
    // Their own role, or one within it, they may give.
    const within = await as(holder.cookie, 'POST', `administrators/${someone}`, person('someone@scouting.test', [holder.roleId]));
    expect(within.statusCode, within.body).toBe(200);
    expect(within.json<{ data: { role_ids: number[] } }>().data.role_ids).toEqual([holder.roleId]);
    // A new administrator is held to the same rule.
    const created = await as(holder.cookie, 'POST', 'administrators', { ...person('new@scouting.test', [roleIds.Editor!]), password: 'password-123' });
    expect(created.statusCode).toBe(403);
  });

  it('reach every session of the administrator on another instance at its next request, with no new login', async () => {
    const other = await buildApp({ config: t.config, database: t.database });
    await other.ready();
    try {
      await holder.grant({});
      const onOther = () => other.inject({ method: 'GET', url: '/api/admin/genres', headers: { cookie: holder.cookie } });
      expect((await onOther()).statusCode).toBe(403);
      const record = (await as(owner, 'GET', `administrators/${holder.administratorId}`)).json<{ data: Record<string, unknown> }>().data;
      const save = (role_ids: number[]) =>
        as(owner, 'POST', `administrators/${holder.administratorId}`, {
          firstname: record.firstname,
          lastname: record.lastname,
          email: record.email,
          role_ids,
        });
      expect((await save([holder.roleId, roleIds.Viewer!])).statusCode).toBe(200);
      expect((await onOther()).statusCode).toBe(200);
      expect((await save([holder.roleId])).statusCode).toBe(200);
      expect((await onOther()).statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('keep the Owner role on the last Owner', async () => {
    const [me] = (await as(owner, 'GET', `administrators?name=${encodeURIComponent(ADMIN.email)}`)).json<{ data: { id: number }[] }>().data;
    const demoted = await as(owner, 'POST', `administrators/${me!.id}`, {
      firstname: 'Staff',
      lastname: 'Member',
      email: ADMIN.email,
      role_ids: [roleIds.Editor!],
    });
    expect(demoted.statusCode).toBe(422);
    expect(demoted.json()).toEqual({
      message: 'This is the last Owner: give the Owner role to another administrator first.',
      errors: { role_ids: ['This is the last Owner: give the Owner role to another administrator first.'] },
    });
    expect((await as(owner, 'GET', 'me')).statusCode).toBe(200);
    // With a second Owner, the first may step down.
    await as(owner, 'POST', `administrators/${someone}`, person('someone@scouting.test', [roleIds.Owner!]));
    const stepped = await as(owner, 'POST', `administrators/${me!.id}`, {
      firstname: 'Staff',
      lastname: 'Member',
      email: ADMIN.email,
      role_ids: [roleIds.Editor!],
    });
    expect(stepped.statusCode, stepped.body).toBe(200);
    // At their next request, in the same session, they are an Editor.
    expect((await as(owner, 'GET', 'me')).json<{ data: { permissions: { owner: boolean } } }>().data.permissions.owner).toBe(false);
    expect((await as(owner, 'GET', 'administrators')).statusCode).toBe(403);
    // Nor is the last Owner deleted.
    await holder.grant({ system: ['administrators'] });
    const deleted = await as(holder.cookie, 'DELETE', `administrators/${someone}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toEqual({ message: 'This is the last Owner: give the Owner role to another administrator first.' });
  });
});
