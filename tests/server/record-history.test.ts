import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RevisionAnswer } from '../../common/historyAnswers.js';
import { rowsOf } from '../../server/db/repositories/engine/rowsOf.js';
import { seedDemoData } from '../../server/db/seed/demo/index.js';
import { loadConfig } from '../../server/config.js';
import { createHistoryRetention } from '../../server/jobs/historyRetentionJob.js';
import { RESOURCES } from '../../server/resources/index.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * The records' history (docs/record-history.md): one revision per write that changed something,
 * written in the write's transaction with only the changed fields; restores that are new saves
 * and never overwrite a newer change; deleted records readable and restorable; secrets kept out;
 * writes made outside the app flagged.
 */

type Json = Record<string, unknown>;
type Row = Json & { id: number };
interface HistoryPage {
  data: RevisionAnswer[];
  meta: { total: number; record_version: number; record_exists: boolean };
}

let t: TestApp;
let cookie: string;
let administratorId: number;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload ? { payload } : {}) });
const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const response = await call(method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json() as Json;
};
const historyOf = async (resource: string, id: number): Promise<HistoryPage> =>
  (await ok('GET', `history/${resource}/${id}?perPage=50`)) as unknown as HistoryPage;
const latest = async (resource: string, id: number) => (await historyOf(resource, id)).data[0]!;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { seed: 4, now: new Date('2026-06-15T00:00:00Z') });
  cookie = await t.login();
  administratorId = ((await ok('GET', 'me')).data as Row).id;
});
afterAll(async () => t.close());

describe('a revision of each write', () => {
  it('keeps only the changed field of a one-field save, with who and when, and none for a save that changes nothing', async () => {
    const genre = (await ok('GET', 'genres/3')).data as Row;
    const before = await historyOf('genres', genre.id);
    const { id: _id, name: _name, parent_name: _parentName, ...body } = genre;
    await ok('POST', `genres/${genre.id}`, { ...body, color: '#00aa11' });
    const after = await historyOf('genres', genre.id);
    expect(after.meta.total).toBe(before.meta.total + 1);
    const revision = after.data[0]!;
    expect(revision).toMatchObject({
      resource: 'genres',
      record_id: genre.id,
      action: 'update',
      version: before.meta.record_version + 1,
      administrator: { id: administratorId, name: 'Staff Member' },
      label: 'Drama',
      changes: { color: { from: genre.color, to: '#00aa11' } },
      screen: { name: 'genres', version: 0 },
      restored_from: null,
    });
    expect(Object.keys(revision.changes)).toEqual(['color']);
    expect(Date.now() - new Date(revision.at).getTime()).toBeLessThan(60_000);
    // Deltas only: a one-field save stays far under 1 KB.
    const [stored] = rowsOf<{ size: number }>(
      await t.database.db.execute(sql`select pg_column_size(r.*)::int as size from record_revisions r where id = ${revision.id}`),
    );
    expect(stored!.size).toBeLessThan(1024);

    await ok('POST', `genres/${genre.id}`, { ...body, color: '#00aa11' });
    expect((await historyOf('genres', genre.id)).meta.total, 'a save that changes nothing writes no revision').toBe(after.meta.total);
  });

  it('keeps a sheet’s per-language map per locale, its lists by item and its files by name and size', async () => {
    const sheet = (await ok('GET', 'books/1')).data as Row;
    const titles = sheet.titles as Json;
    const characters = [
      { name: 'Ada', function: null, gender: null, ages: [], country: null, topology: null, characterisations: {}, issues: {}, evolutions: {} },
      { name: 'Grace', function: null, gender: null, ages: [], country: null, topology: null, characterisations: {}, issues: {}, evolutions: {} },
    ];
    await ok('POST', 'books/1', { ...editable(sheet), titles: { ...titles, fr: 'Un titre changé' }, characters, version: sheet.version });
    const revision = await latest('books', 1);
    expect(revision.changes.titles).toEqual({ locales: { fr: { from: titles.fr, to: 'Un titre changé' } } });
    const added = (revision.changes.characters as { items: { added: { at: number; item: Json }[] } }).items.added;
    expect(added.map(({ at, item }) => [at, item.name])).toEqual([
      [0, 'Ada'],
      [1, 'Grace'],
    ]);
    expect(Object.keys(revision.changes).sort()).toEqual(['characters', 'titles']);
    expect(revision.screen).toEqual({ name: 'reading-sheets', version: 0 });

    const saved = (await ok('GET', 'books/1')).data as Row;
    const [ada, grace] = saved.characters as Row[];
    await ok('POST', 'books/1', { ...editable(saved), characters: [{ ...grace, name: 'Grace Hopper' }], version: saved.version });
    expect((await latest('books', 1)).changes.characters).toEqual({
      items: {
        removed: [{ at: 0, item: expect.objectContaining({ id: ada!.id, name: 'Ada' }) }],
        changed: [{ id: grace!.id, changes: { name: { from: 'Grace', to: 'Grace Hopper' } } }],
      },
    });

    // A manuscript, then its deletion: the revision names the file and its size, never its content or key.
    await t.database.db.execute(
      sql`update books set manuscript_original_name = 'draft.pdf', manuscript_stored_name = 'books/history-draft.pdf', manuscript_size = 2048 where id = 2`,
    );
    await ok('DELETE', 'utilities/book-manuscript/2');
    const removal = await latest('books', 2);
    expect(removal.changes).toEqual({ manuscript: { from: { name: 'draft.pdf', size: 2048 }, to: null } });
  });

  it('keeps the actions on a user (validation, credits, subscriptions) and a request’s create, update and delete', async () => {
    const user = (await ok('GET', 'users?perPage=1&subscription_state=none')).data as unknown as Row[];
    const id = user[0]!.id;
    const plan = ((await ok('GET', 'plans')).data as unknown as Row[])[0]!;
    await ok('POST', `plans/${id}`, { plan_id: plan.id, start_date: '2026-06-01', end_date: '2027-05-31' });
    const subscribed = await latest('users', id);
    expect(subscribed.changes.plans).toMatchObject({ items: { added: [{ at: 0, item: { plan_id: plan.id } }] } });
    const credits = ((await ok('GET', `users/${id}`)).data as Row).credits as number;
    await ok('POST', `users/${id}/credits`, { credits: credits + 5 });
    expect((await latest('users', id)).changes).toEqual({ credits: { from: credits, to: credits + 5 } });
    await ok('POST', `users/validate/${id}`, { is_accepted: 0 });
    expect((await latest('users', id)).changes).toEqual({ is_accepted: { from: true, to: false } });

    const created = (
      await ok('POST', 'demands', { user_id: id, book_id: 1, demand_date: '2026-06-10', demand_type_id: 1, demand_status_id: 1, commentary: 'First ask' })
    ).data as Row;
    await ok('POST', `demands/${created.id}`, {
      user_id: id,
      book_id: 1,
      demand_date: '2026-06-10',
      demand_type_id: 1,
      demand_status_id: 2,
      commentary: 'First ask',
      version: created.version,
    });
    await ok('DELETE', `demands/${created.id}`);
    const history = await historyOf('demands', created.id);
    expect(history.data.map((revision) => revision.action)).toEqual(['delete', 'update', 'create']);
    expect(history.data[1]!.changes).toEqual({ demand_status_id: { from: 1, to: 2 } });
    expect(history.data[0]!.changes.commentary).toEqual({ from: 'First ask', to: null });
    expect(history.meta.record_exists).toBe(false);
  });

  it('keeps a reporter’s text blocks per language', async () => {
    const reporter = (await ok('GET', 'reporters/1?lang=fr')).data as Row;
    await ok('POST', 'reporters/1', {
      title: reporter.title,
      date: reporter.date,
      reporterStatusId: reporter.reporterStatusId,
      reporterUserIds: [],
      reporterUserRoleIds: [],
      lang: 'fr',
      updatedTexts: [{ id: null, text: 'Nouvelle alerte', textType: 'alerts' }],
    });
    const revision = await latest('reporters', 1);
    expect(Object.keys(revision.changes).sort()).toEqual(
      ['reporterTextsData', 'reporterUserRoles', 'reporterUsers'].filter((field) => field in revision.changes).sort(),
    );
    const texts = revision.changes.reporterTextsData as { locales: Record<string, { fields: Record<string, { items: { added: { item: Json }[] } }> }> };
    expect(Object.keys(texts.locales)).toEqual(['fr']);
    expect(texts.locales.fr!.fields.alerts!.items.added[0]!.item).toMatchObject({ text: 'Nouvelle alerte', textType: 'alerts' });
  });
});

describe('restore', () => {
  it('brings back the values before a revision as a new version, and refuses a stale restore with what changed in between', async () => {
    const sheet = (await ok('GET', 'books/3')).data as Row;
    const titles = sheet.titles as Json;
    await ok('POST', 'books/3', { ...editable(sheet), titles: { ...titles, fr: 'Titre erroné' }, nb_pages: 999, version: sheet.version });
    const mistaken = await latest('books', 3);
    const { meta } = await historyOf('books', 3);

    // Someone else changes the page count meanwhile: the restore asked from the older version is refused.
    const current = (await ok('GET', 'books/3')).data as Row;
    await ok('POST', 'books/3', { ...editable(current), nb_pages: 321, version: current.version });
    const stale = await call('POST', `history/${mistaken.id}/restore`, { fields: ['titles'], version: meta.record_version });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({
      message: expect.stringMatching(/changed since/),
      changes: { nb_pages: { from: 999, to: 321 } },
      revisions: [{ action: 'update', administrator: { id: administratorId } }],
    });
    expect(((await ok('GET', 'books/3')).data as Row).titles).toMatchObject({ fr: 'Titre erroné' });

    // Asked again from the version now: only the title comes back, the newer page count stays.
    const now = (await historyOf('books', 3)).meta.record_version;
    const restored = await ok('POST', `history/${mistaken.id}/restore`, { fields: ['titles'], version: now });
    expect(restored).toMatchObject({ message: 'Restored successfully', skipped: [] });
    const read = (await ok('GET', 'books/3')).data as Row;
    expect((read.titles as Json).fr).toBe(titles.fr);
    expect(read.nb_pages).toBe(321);
    const revision = await latest('books', 3);
    expect(revision).toMatchObject({
      version: now + 1,
      restored_from: mistaken.id,
      changes: { titles: { locales: { fr: { from: 'Titre erroné', to: titles.fr } } } },
    });
    expect(Object.keys(revision.changes)).toEqual(['titles']);
  });

  it('refuses a field the revision did not change, and validates the restored save as any save', async () => {
    const genre = (await ok('GET', 'genres/4')).data as Row;
    const { id: _id, name: _name, parent_name: _parentName, ...body } = genre;
    await ok('POST', `genres/${genre.id}`, { ...body, color: '#123456' });
    const revision = await latest('genres', genre.id);
    const version = (await historyOf('genres', genre.id)).meta.record_version;
    const refused = await call('POST', `history/${revision.id}/restore`, { fields: ['names'], version });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'fields.0': ['This field did not change in this revision.'] });
    expect((await call('POST', `history/${revision.id}/restore`, { version: 'x' })).statusCode).toBe(422);
    expect((await call('POST', 'history/999999999/restore', { version: 0 })).json()).toEqual({ message: 'Revision not found' });
    await ok('POST', `history/${revision.id}/restore`, { version });
    expect(((await ok('GET', `genres/${genre.id}`)).data as Row).color).toBe(genre.color);
  });

  it('keeps a deleted record’s history readable and brings the record back under its id, with its lists', async () => {
    const author = ((await ok('GET', 'authors?perPage=1')).data as unknown as Row[])[0]!;
    const created = (
      await ok('POST', 'books', {
        original_title: 'Le livre effacé',
        titles: { fr: 'Le livre effacé' },
        genres: [],
        authorList: [{ id: author.id, type: 1 }],
        characters: [{ name: 'Zoé', ages: [], characterisations: {}, issues: {}, evolutions: {} }],
      })
    ).data as Row;
    await ok('DELETE', `books/${created.id}`);
    expect((await call('GET', `books/${created.id}`)).statusCode).toBe(404);
    const history = await historyOf('books', created.id);
    expect(history.meta.record_exists).toBe(false);
    const deletion = history.data[0]!;
    expect(deletion.action).toBe('delete');
    expect(deletion.changes.original_title).toEqual({ from: 'Le livre effacé', to: null });

    await ok('POST', `history/${deletion.id}/restore`, { version: history.meta.record_version });
    const back = (await ok('GET', `books/${created.id}`)).data as Row;
    expect(back).toMatchObject({ id: created.id, original_title: 'Le livre effacé', titles: { fr: 'Le livre effacé' } });
    expect((back.authorList as Row[]).map((row) => row.id)).toEqual([author.id]);
    expect((back.characters as Row[]).map((row) => row.name)).toEqual(['Zoé']);
    expect((await latest('books', created.id)).action).toBe('create');
  });

  it('brings back a reporter’s blocks of one language and its targets, and says what a restore cannot bring back', async () => {
    const reporter = (await ok('GET', 'reporters/2?lang=it')).data as Row;
    const blocks = Object.values(reporter.reporterTextsData as Record<string, Row[]>).flat();
    const users = (reporter.reporterUsers as Row[]).map((user) => user.id);
    await ok('POST', 'reporters/2', {
      title: reporter.title,
      date: reporter.date,
      reporterStatusId: reporter.reporterStatusId,
      reporterUserIds: [],
      reporterUserRoleIds: (reporter.reporterUserRoles as Row[]).map((plan) => plan.id),
      lang: 'it',
      updatedTexts: [{ id: null, text: 'Un blocco nuovo', textType: 'buzz' }],
      deletedTextIds: blocks.map((block) => block.id),
    });
    const change = await latest('reporters', 2);
    await ok('POST', `history/${change.id}/restore`, { version: (await historyOf('reporters', 2)).meta.record_version });
    const back = (await ok('GET', 'reporters/2?lang=it')).data as Row;
    expect((back.reporterUsers as Row[]).map((user) => user.id)).toEqual(users);
    expect(
      Object.values(back.reporterTextsData as Record<string, Row[]>)
        .flat()
        .map((block) => block.text)
        .sort(),
    ).toEqual(blocks.map((block) => block.text).sort());

    // A user's credits have their own action: a restore of them alone is refused, in words.
    const [subscriber] = (await ok('GET', 'users?subscription_state=active&perPage=1')).data as unknown as Row[];
    const credits = ((await ok('GET', `users/${subscriber!.id}`)).data as Row).credits as number;
    await ok('POST', `users/${subscriber!.id}/credits`, { credits: credits + 1 });
    const refused = await call('POST', `history/${(await latest('users', subscriber!.id)).id}/restore`, {
      version: (await historyOf('users', subscriber!.id)).meta.record_version,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.fields[0]).toMatch(/own actions/);
  });

  it('brings a deleted contact back with its own id', async () => {
    const contact = (await ok('POST', 'contacts', { name: 'Gone Contact', email: 'gone@example.com' })).data as Row;
    await ok('DELETE', `contacts/${contact.id}`);
    const { data, meta } = await historyOf('contacts', contact.id);
    await ok('POST', `history/${data[0]!.id}/restore`, { version: meta.record_version });
    expect((await ok('GET', `contacts/${contact.id}`)).data).toMatchObject({ id: contact.id, name: 'Gone Contact', email: 'gone@example.com' });
  });
});

describe('what history never holds, and what it notices', () => {
  it('keeps passwords, their hashes, session tokens and the payment provider’s ids out', async () => {
    const created = (
      await ok('POST', 'administrators', { firstname: 'New', lastname: 'Admin', email: 'new.admin@example.com', password: 'Secret-Passw0rd!42' })
    ).data as Row;
    await ok('POST', `administrators/${created.id}`, { firstname: 'New', lastname: 'Admin', email: 'new.admin@example.com', password: 'Other-Passw0rd!42' });
    // A new password alone changes nothing a revision keeps.
    expect((await historyOf('administrators', created.id)).data.map((revision) => revision.action)).toEqual(['create']);
    // A subscriber whose subscription is tied to the card payment provider: its ids stay out.
    const [tied] = rowsOf<{ user_id: number }>(
      await t.database.db.execute(sql`select user_id from subscriptions where provider_subscription_id is not null limit 1`),
    );
    expect(tied).toBeDefined();
    await ok('POST', `users/validate/${tied!.user_id}`, { is_accepted: 0 });
    await ok('POST', `users/validate/${tied!.user_id}`, { is_accepted: 1 });
    expect((await historyOf('users', tied!.user_id)).meta.total).toBe(2);
    const text = rowsOf<{ changes: string }>(await t.database.db.execute(sql`select changes::text as changes from record_revisions`))
      .map((row) => row.changes)
      .join('\n');
    expect(text).not.toMatch(/passw0rd|password|argon2|hash|token|provider_|sub_/i);
  });

  it('flags a write made outside the app, once, and refuses a restore asked from before it', async () => {
    const genre = (await ok('GET', 'genres/5')).data as Row;
    const { id: _id, name: _name, parent_name: _parentName, ...body } = genre;
    await ok('POST', `genres/${genre.id}`, { ...body, color: '#abcdef' });
    const revision = await latest('genres', genre.id);
    const version = (await historyOf('genres', genre.id)).meta.record_version;
    await t.database.db.execute(sql`update genres set color = '#000001' where id = ${genre.id}`);
    await t.database.db.execute(sql`update genres set color = '#000002' where id = ${genre.id}`);
    // A write that changes only what the app keeps up by itself is no change.
    await t.database.db.execute(sql`update genres set search_text = search_text || ' ' where id = ${genre.id}`);
    const history = await historyOf('genres', genre.id);
    expect(history.data[0]).toMatchObject({ action: 'outside', administrator: null, changes: {}, version: version + 1 });
    expect(history.data[1]!.id).toBe(revision.id);
    const stale = await call('POST', `history/${revision.id}/restore`, { version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/outside the app/);
    expect((await call('POST', `history/${history.data[0]!.id}/restore`, { version: history.meta.record_version })).json().errors).toEqual({
      _: ['This change was made outside the app: what it changed is unknown, so it cannot be restored.'],
    });
  });
});

describe('the activity', () => {
  it('lists every record’s revisions newest first, filtered by administrator, resource and dates', async () => {
    const all = await ok('GET', 'history?perPage=5');
    expect((all.data as RevisionAnswer[]).length).toBe(5);
    const times = (all.data as RevisionAnswer[]).map((revision) => revision.at);
    expect([...times].sort().reverse()).toEqual(times);
    const genres = await ok('GET', `history?resource=genres&administrator=${administratorId}&perPage=100`);
    expect((genres.data as RevisionAnswer[]).every((revision) => revision.resource === 'genres' && revision.administrator?.id === administratorId)).toBe(true);
    expect((genres.meta as Json).total).toBeGreaterThan(0);
    expect((genres.data as RevisionAnswer[]).every((revision) => revision.record_exists === true)).toBe(true);
    const deleted = (await ok('GET', 'history?resource=demands&perPage=100')).data as RevisionAnswer[];
    expect(deleted.find((revision) => revision.action === 'delete')).toMatchObject({ record_exists: false });
    const today = new Date().toISOString().slice(0, 10);
    expect(((await ok('GET', `history?from=${today}&to=${today}`)).meta as Json).total).toBe((all.meta as Json).total);
    expect(((await ok('GET', 'history?to=2000-01-01')).meta as Json).total).toBe(0);
    const unknown = await call('GET', 'history?user=1');
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['user']);
    expect((await call('GET', 'history/planets/1')).json()).toEqual({ message: 'This resource keeps no history.' });
  });

  it('refuses in words a date the calendar lacks or the database does not keep (years 1 to 9999), whatever its spelling', async () => {
    const refused = async (query: string, field: 'from' | 'to', message: string) => {
      const response = await call('GET', `history?${query}`);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(422);
      expect(response.json()).toEqual({ message, errors: { [field]: [message] } });
    };
    await refused('from=0000-01-01', 'from', 'The from date must be between year 1 and 9999.');
    await refused('to=0000-01-01', 'to', 'The to date must be between year 1 and 9999.');
    // An instant whose offset moves it out of those years, in UTC.
    await refused('from=9999-12-31T23:00:00-05:00', 'from', 'The from date must be between year 1 and 9999.');
    await refused('to=0001-01-01T00:00:00%2B01:00', 'to', 'The to date must be between year 1 and 9999.');
    // A day the calendar lacks is no day after it.
    await refused('from=2026-02-30', 'from', 'The from date is not a valid date.');
    await refused('to=2026-02-29', 'to', 'The to date is not a valid date.');
    // Extended years and more digits are no dates of the form.
    for (const spelling of ['%2B010000-01-01', '-000001-01-01', '10000-01-01', '%2B275760-09-13'])
      await refused(`from=${spelling}`, 'from', 'The from format is invalid.');
    // The first and the last days kept are dates like any other.
    const all = (await ok('GET', 'history')).meta as Json;
    expect(((await ok('GET', 'history?from=0001-01-01&to=9999-12-31')).meta as Json).total).toBe(all.total);
  });
});

describe('screens, retention and coverage', () => {
  it('lists a screen publish in the activity, linked to its version, and sends its restore to the studio', async () => {
    const screen = (await ok('GET', 'screens/times')).data as { definition: Json; version: number };
    await ok('PUT', 'screens/times/draft', { definition: screen.definition, labels: {} });
    await ok('POST', 'screens/times/publish', { comment: 'Same again', baseVersion: screen.version });
    const [publish] = (await ok('GET', 'history?resource=screens&perPage=1')).data as RevisionAnswer[];
    expect(publish).toMatchObject({
      resource: 'screens',
      action: 'create',
      administrator: { id: administratorId },
      label: `times v${screen.version + 1}`,
      changes: { screen: { from: null, to: 'times' }, version: { from: screen.version, to: screen.version + 1 }, comment: { from: null, to: 'Same again' } },
    });
    expect((await call('POST', `history/${publish!.id}/restore`, { version: 1 })).json().errors._[0]).toMatch(/studio/);
  });

  it('prunes the revisions past the retention, batch after batch, and keeps the newer ones', async () => {
    await t.database.db.execute(
      sql`insert into record_revisions (resource, record_id, version, action, at) select 'genres', 900000 + n, 1, 'update', now() - interval '400 days' from generate_series(1, 5) n`,
    );
    const before = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from record_revisions`))[0]!.n;
    const logged: object[] = [];
    const retention = createHistoryRetention({ db: t.database.db, log: { info: (obj) => logged.push(obj), error: () => undefined }, days: 365, batch: 2 });
    expect(await retention.runOnce()).toBe(5);
    expect(rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from record_revisions`))[0]!.n).toBe(before - 5);
    expect(logged).toEqual([expect.objectContaining({ pruned: 5 })]);
    expect(await retention.runOnce()).toBe(0);
  });

  it('keeps the history forever unless HISTORY_RETENTION_DAYS says how long, and refuses a wrong one at boot', () => {
    expect(loadConfig({}).historyRetentionDays).toBeUndefined();
    expect(loadConfig({ HISTORY_RETENTION_DAYS: '730' }).historyRetentionDays).toBe(730);
    for (const wrong of ['0', '-3', 'a year', '1.5'])
      expect(() => loadConfig({ HISTORY_RETENTION_DAYS: wrong })).toThrow(/^HISTORY_RETENTION_DAYS must be a whole number between 1 and 36500/);
  });

  it('watches the table of every resource staff write and of the reading sheets for writes made outside the app', async () => {
    const triggers = rowsOf<{ args: string }>(
      await t.database.db.execute(sql`select encode(tgargs, 'hex') as args from pg_trigger where tgfoid = 'record_changed_outside'::regproc`),
    );
    // The first argument of each trigger: the resource whose history it marks.
    const watched = new Set(triggers.map((row) => Buffer.from(row.args, 'hex').toString('utf8').split('\0')[0]));
    const written = [...RESOURCES.filter((resource) => resource.screen).map((resource) => resource.api), 'books'];
    expect(written.filter((api) => !watched.has(api))).toEqual([]);
  });
});

/** The fields of a sheet a save writes (what the editor sends back). */
function editable(sheet: Row): Json {
  const {
    id: _id,
    status: _s,
    rights_status: _r,
    rights_status_updated_at: _ru,
    company: _c,
    requestList: _q,
    documentList: _d,
    coverList: _cv,
    videoList: _v,
    manuscript: _m,
    is_ai_generation_running: _a,
    has_ai_results: _h,
    ai_generation_error: _e,
    created_at: _ca,
    updated_at: _ua,
    ...rest
  } = sheet;
  return rest;
}
