import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { administrators } from '../../server/db/schema/index.js';
import { ADMINISTRATOR_MESSAGES } from '../../server/resources/administrators.js';
import { RESOURCE_MESSAGES } from '../../server/engine/resourceService.js';
import { verifyPassword } from '../../server/auth/passwords.js';
import { adminApi, expectNotFound, expectPaging } from '../helpers/adminApi.js';
import { ADMIN, createTestApp, type TestApp } from '../helpers/testApp.js';

let t: TestApp;
let cookie: string;
let api: ReturnType<typeof adminApi>;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  api = adminApi(t, () => cookie);
});
afterAll(async () => t.close());

type Admin = { id: number; firstname: string; lastname: string; name: string; email: string };
const body = (firstname: string, lastname: string, email: string, password?: string | null) => ({
  firstname,
  lastname,
  email,
  ...(password === undefined ? {} : { password }),
});
/** The Owner role's id. */
const ownerRole = async () => (await api.list('roles', 'name=Owner')).data.find((role) => role.name === 'Owner')!.id as number;
/** Logs in through the API; the status code, and the cookie on success. */
async function tryLogin(email: string, password: string): Promise<{ status: number; cookie?: string }> {
  const response = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email, password } });
  const session = response.cookies.find((c) => c.name === 'admin_session');
  return { status: response.statusCode, ...(response.statusCode === 200 ? { cookie: `admin_session=${session!.value}` } : {}) };
}
const me = (sessionCookie: string) => t.as(sessionCookie, { method: 'GET', url: '/api/admin/me' });
/** Never a password or hash in an answer. */
function expectNoSecret(responseBody: string) {
  expect(responseBody).not.toMatch(/argon2|password/i);
}

describe('administrators', () => {
  it('creates an administrator who can log in, never sending the password or its hash', async () => {
    const response = await api.call('POST', 'administrators', body('  Zoë ', 'Lefèvre', 'zoe.lefevre@scouting.test', 'a long secret'));
    expect(response.statusCode, response.body).toBe(200);
    expectNoSecret(response.body);
    const { message, data } = response.json();
    expect(message).toBe(RESOURCE_MESSAGES.created);
    expect(data).toEqual({
      id: expect.any(Number),
      firstname: 'Zoë',
      lastname: 'Lefèvre',
      name: 'Zoë Lefèvre',
      email: 'zoe.lefevre@scouting.test',
      // Created without roles, she holds none (docs/permissions.md).
      role_ids: [],
      canBeDeleted: true,
    });
    const [stored] = await t.database.db.select().from(administrators).where(eq(administrators.id, data.id));
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored!.passwordHash, 'a long secret')).toBe(true);
    const login = await tryLogin('ZOE.LEFEVRE@scouting.test', 'a long secret');
    expect(login.status).toBe(200);
    expect((await me(login.cookie!)).json().data).toMatchObject({ id: data.id, name: 'Zoë Lefèvre' });

    const single = await api.call('GET', `administrators/${data.id}`);
    expect(single.json()).toEqual({ data });
    expectNoSecret(single.body);
    expectNoSecret((await api.call('GET', 'administrators?perPage=1000')).body);
  });

  it('pages the list and searches name or e-mail, ignoring case and accents', async () => {
    for (let i = 1; i <= 10; i++) await api.save('administrators', body(`Filler${i}`, 'Staff', `filler${i}@scouting.test`, 'password-123'));
    await expectPaging(api, 'administrators', 12);
    const first = await api.list('administrators', 'perPage=1');
    // The caller's own account cannot be deleted: the list hides its delete button.
    expect(first.data[0]).toEqual({
      id: expect.any(Number),
      firstname: 'Staff',
      lastname: 'Member',
      name: 'Staff Member',
      email: ADMIN.email,
      canBeDeleted: false,
    });
    for (const term of ['zoe', 'ZOË', 'lefevre', 'LEFÈVRE', 'zoë lef', 'lefevre@scout']) {
      const found = await api.list('administrators', `name=${encodeURIComponent(term)}`);
      expect(
        found.data.map((row) => row.name),
        term,
      ).toEqual(['Zoë Lefèvre']);
    }
    expect((await api.list('administrators', 'name=filler1')).meta.total).toBe(2);
    expect((await api.list('administrators', `name=${encodeURIComponent('%_\\')}`)).meta.total).toBe(0);
    expect((await api.list('administrators', 'name=%20%20')).meta.total).toBe(12);
  });

  it('requires a password of 8 characters or more on create, and valid names and e-mail', async () => {
    expect(await api.invalid('administrators', body('No', 'Password', 'no.password@scouting.test'))).toEqual({
      password: [ADMINISTRATOR_MESSAGES.passwordRequired],
    });
    expect(await api.invalid('administrators', body('Null', 'Password', 'null.password@scouting.test', null))).toEqual({
      password: [ADMINISTRATOR_MESSAGES.passwordRequired],
    });
    expect(await api.invalid('administrators', body('Short', 'Password', 'short@scouting.test', 'short'))).toEqual({
      password: ['The password must be at least 8 characters.'],
    });
    expect(Object.keys(await api.invalid('administrators', body(' ', 'Lastname', 'not-an-email', 'password-123')))).toEqual(['firstname', 'email']);
    expect(Object.keys(await api.invalid('administrators', { password: 'password-123' }))).toEqual(['firstname', 'email']);
    expect(Object.keys(await api.invalid('administrators', body('Long', 'x'.repeat(256), 'long@scouting.test', 'password-123')))).toEqual(['lastname']);
    expect((await api.list('administrators', 'name=password')).meta.total).toBe(0);
  });

  it('accepts an administrator without a last name (as the first administrator is made from ADMIN_EMAIL)', async () => {
    const single = await api.save<Admin>('administrators', body('Mononym', '', 'mononym@scouting.test', 'password-123'));
    expect(single).toMatchObject({ firstname: 'Mononym', lastname: '', name: 'Mononym' });
    expect(await api.save<Admin>('administrators', body('Mononym', null as never, 'mononym@scouting.test'), single.id)).toMatchObject({
      lastname: '',
      name: 'Mononym',
    });
    expect((await api.call('DELETE', `administrators/${single.id}`)).statusCode).toBe(200);
  });

  it('refuses an e-mail already taken, whatever its case, on create and on update', async () => {
    const taken = { email: [ADMINISTRATOR_MESSAGES.emailTaken] };
    expect(await api.invalid('administrators', body('Copy', 'Cat', ADMIN.email.toUpperCase(), 'password-123'))).toEqual(taken);
    expect(await api.invalid('administrators', body('Copy', 'Cat', ` ${ADMIN.email} `))).toEqual({
      ...taken,
      password: [ADMINISTRATOR_MESSAGES.passwordRequired],
    });
    const other = await api.save<Admin>('administrators', body('Other', 'One', 'other.one@scouting.test', 'password-123'));
    expect(await api.invalid('administrators', body('Other', 'One', 'Zoe.Lefevre@Scouting.test'), other.id)).toEqual(taken);
    const recased = await api.save<Admin>('administrators', body('Other', 'One', 'Other.One@scouting.test'), other.id);
    expect(recased.email).toBe('Other.One@scouting.test');
  });

  it('keeps the password when an edit leaves it out or null, refuses a short one, and changes it when given', async () => {
    const admin = await api.save<Admin>('administrators', body('Kept', 'Password', 'kept@scouting.test', 'first-password'));
    const updated = await api.call('POST', `administrators/${admin.id}`, body('Kept', 'Renamed', 'kept@scouting.test'));
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ message: RESOURCE_MESSAGES.updated, data: { ...admin, lastname: 'Renamed', name: 'Kept Renamed' } });
    expectNoSecret(updated.body);
    await api.save('administrators', body('Kept', 'Renamed', 'kept@scouting.test', null), admin.id);
    expect((await tryLogin('kept@scouting.test', 'first-password')).status).toBe(200);
    expect(await api.invalid('administrators', body('Kept', 'Renamed', 'kept@scouting.test', '1234567'), admin.id)).toEqual({
      password: ['The password must be at least 8 characters.'],
    });
    await api.save('administrators', body('Kept', 'Renamed', 'kept@scouting.test', 'second-password'), admin.id);
    expect((await tryLogin('kept@scouting.test', 'first-password')).status).toBe(422);
    expect((await tryLogin('kept@scouting.test', 'second-password')).status).toBe(200);
  });

  it("revokes the administrator's sessions when their password changes, but the session making the change", async () => {
    // An Owner, who may change administrators (their own account included).
    const admin = await api.save<Admin>('administrators', {
      ...body('Session', 'Holder', 'sessions@scouting.test', 'password-one'),
      role_ids: [await ownerRole()],
    });
    const first = (await tryLogin('sessions@scouting.test', 'password-one')).cookie!;
    const second = (await tryLogin('sessions@scouting.test', 'password-one')).cookie!;
    // An edit without a new password keeps every session.
    await api.save('administrators', body('Session', 'Holder', 'sessions@scouting.test'), admin.id);
    expect((await me(first)).statusCode).toBe(200);
    // The administrator changes their own password: their other session ends, this one stays.
    const own = await t.as(first, {
      method: 'POST',
      url: `/api/admin/administrators/${admin.id}`,
      payload: body('Session', 'Holder', 'sessions@scouting.test', 'password-two'),
    });
    expect(own.statusCode, own.body).toBe(200);
    expect((await me(first)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    // Another administrator changes it: every session of theirs ends; the editor's stays.
    await api.save('administrators', body('Session', 'Holder', 'sessions@scouting.test', 'password-three'), admin.id);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it("deletes another administrator (ending their sessions), never one's own account", async () => {
    const admin = await api.save<Admin>('administrators', {
      ...body('Leaving', 'Soon', 'leaving@scouting.test', 'password-123'),
      role_ids: [await ownerRole()],
    });
    const theirs = (await tryLogin('leaving@scouting.test', 'password-123')).cookie!;
    const own = await t.as(theirs, { method: 'DELETE', url: `/api/admin/administrators/${admin.id}` });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ message: ADMINISTRATOR_MESSAGES.ownAccount });
    const [self] = (await api.list('administrators', `name=${encodeURIComponent(ADMIN.email)}`)).data;
    expect((await api.call('DELETE', `administrators/${self!.id}`)).json()).toEqual({ message: ADMINISTRATOR_MESSAGES.ownAccount });

    const removed = await api.call('DELETE', `administrators/${admin.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: RESOURCE_MESSAGES.deleted });
    expect((await me(theirs)).statusCode).toBe(401);
    expect((await api.call('GET', `administrators/${admin.id}`)).statusCode).toBe(404);
    expect((await tryLogin('leaving@scouting.test', 'password-123')).status).toBe(422);
  });

  it('answers 404 for unknown or malformed ids and 401 without a session', async () => {
    await expectNotFound(api, 'administrators', 'Administrator', body('Never', 'Stored', 'never@scouting.test', 'password-123'));
    expect((await api.list('administrators', 'name=never')).meta.total).toBe(0);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/administrators' });
    expect(anonymous.statusCode).toBe(401);
  });
});
