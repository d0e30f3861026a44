import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenVersions } from '../../server/db/schema/index.js';
import { loadScreenFiles } from '../../server/definitions/loadScreens.js';
import { expandDefinition } from '../../server/definitions/screenRegistry.js';
import { listContracts } from '../../server/engine/listContracts.js';
import { checkBulk, type BulkRows } from '../../server/engine/bulk/bulkActions.js';
import { ADMIN, createTestApp, type TestApp } from '../helpers/testApp.js';

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a test edits arbitrary JSON paths

/** A screen as its file holds it, a copy to change. */
const screenFile = (name: string) => structuredClone(loadScreenFiles().get(name)!) as Loose;

const SECRET = '"password" is a secret: a bulk action cannot set it (each person sets their own)';
const NO_REVISION = 'leaves no revision in the record history: a bulk action cannot set it (its change on many rows could be neither seen nor undone)';

/** The administrators screen with a bulk action that sets every chosen administrator's password. */
const withPasswordReset = () => {
  const definition = screenFile('administrators');
  definition.list.bulkActions = [
    {
      name: 'reset',
      action: 'set',
      field: 'password',
      value: 'Sesame-2026!',
      label: 'screens.administrators.reset',
      confirm: 'screens.administrators.resetConfirm',
    },
  ];
  return definition;
};

describe('Bulk actions never write a secret nor a field no revision shows', () => {
  let t: TestApp;
  let cookie: string;
  let labels: Record<string, string>;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    labels = {
      ...(await call('GET', 'screens/administrators')).json().data.labels,
      reset: 'Reset the password',
      resetConfirm: 'Reset the password of {{count}} administrators?',
    };
  });
  afterAll(async () => t?.close());

  it('the check refuses a set of the password, at the action’s field', async () => {
    const { errors } = (await call('POST', 'screens/administrators/check', { definition: withPasswordReset(), labels })).json();
    expect(errors).toEqual([{ path: 'list.bulkActions.0.field', message: SECRET }]);
  });

  it('a publish of it is refused with the message at its path, and the screen stays as it was', async () => {
    expect((await call('PUT', 'screens/administrators/draft', { definition: withPasswordReset(), labels })).statusCode).toBe(200);
    const refused = await call('POST', 'screens/administrators/publish', { comment: 'Reset passwords', baseVersion: 0 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: 'The draft has errors: correct them before publishing.', errors: { 'list.bulkActions.0.field': [SECRET] } });
    expect((await call('GET', 'screens/administrators')).json().data).toMatchObject({ version: 0, customised: false });
  });

  it('a stored definition that declares it no longer serves: the built-in file does, the studio says why, and a bulk call of it is refused in words, writing nothing', async () => {
    await t.database.db
      .insert(screenVersions)
      .values({ screen: 'administrators', version: 1, definition: withPasswordReset(), labels: null, authorName: 'An older product', baseVersion: 0 });
    const screen = (await call('GET', 'screens/administrators')).json().data;
    expect(screen).toMatchObject({ version: 1, customised: false, unfit: { version: 1 } });
    expect(screen.unfit.problems).toContainEqual({ path: 'list.bulkActions.0.field', message: SECRET });
    const refused = await call('POST', 'administrators/bulk', { action: 'set', field: 'password', ids: [1] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.field).toEqual(['This list has no bulk action.']);
    // The password is the one it was.
    expect(await t.login(ADMIN.email, ADMIN.password)).toMatch(/=/);
    const other = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email: ADMIN.email, password: 'Sesame-2026!' } });
    expect(other.statusCode).not.toBe(200);
  });

  it('the bulk call itself refuses a secret or a field no revision shows, whatever the definition it is given declares (422 in words)', async () => {
    const contracts = listContracts();
    const rows = { ids: async () => [] } as unknown as BulkRows;
    const administrators = expandDefinition(withPasswordReset());
    await expect(checkBulk({ action: 'set', field: 'password', ids: [1] }, contracts.get('administrators')!, administrators, rows)).rejects.toMatchObject({
      statusCode: 422,
      errors: { field: ['“password” is a secret: a bulk action cannot set it (each person sets their own).'] },
    });
    const demands = screenFile('demands');
    demands.list.bulkActions[0].ask.field = 'version';
    await expect(
      checkBulk({ action: 'set', field: 'demand_status_id', value: 1, ids: [1] }, contracts.get('demands')!, expandDefinition(demands), rows),
    ).rejects.toMatchObject({
      statusCode: 422,
      errors: { 'with.version': [`“version” ${NO_REVISION}.`] },
    });
  });

  it('a field no revision shows is refused by the check, as the asked field too', async () => {
    const demands = screenFile('demands');
    demands.list.bulkActions[0].ask.field = 'version';
    const demandLabels = (await call('GET', 'screens/demands')).json().data.labels;
    const { errors } = (await call('POST', 'screens/demands/check', { definition: demands, labels: demandLabels })).json();
    expect(errors).toEqual([{ path: 'list.bulkActions.0.ask.field', message: `"version" ${NO_REVISION}` }]);
  });
});
