import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { screenVersions } from '../../server/db/schema/index.js';
import { loadScreenFiles, SCREENS_DIR } from '../../server/definitions/loadScreens.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/** A screen definition as loose JSON, for a test to change it. */
type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a test edits arbitrary JSON paths

/** A screen's file as the repository holds it, a copy to change. */
const fileOf = (screen: string) => structuredClone(loadScreenFiles().get(screen)!) as Loose;

/** The genres' labels as the bundled English texts hold them. */
const GENRES_LABELS = {
  title: 'Genres',
  menu: 'Genres',
  create: 'Create a genre',
  edit: 'Edit the genre',
  parent: 'Parent genre',
  count_one: '{{count, number}} genre',
  count_other: '{{count, number}} genres',
};

/** A filter the genres list accepts (its parents), as a release may declare it. */
const PARENT_FILTER = {
  param: 'parent_id',
  label: 'screens.genres.parent',
  widget: 'treeSelect',
  options: { api: 'genres', perPage: 500, parentField: 'parent_id' },
};

/** A release's screens: schemas/ copied into a folder of its own, the given files changed. */
function releaseFolder(changes: Record<string, Loose>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screens-release-'));
  fs.cpSync(SCREENS_DIR, dir, { recursive: true });
  for (const [screen, definition] of Object.entries(changes)) fs.writeFileSync(path.join(dir, `${screen}.screen.json`), JSON.stringify(definition, null, 2));
  return dir;
}

/** A version row as an earlier release published it (its base unknown unless given). */
const versionRow = (screen: string, version: number, definition: unknown, extra: { labels?: unknown; baseFile?: unknown; baseLabels?: unknown } = {}) => ({
  screen,
  version,
  definition,
  labels: extra.labels ?? null,
  baseFile: extra.baseFile ?? null,
  baseLabels: extra.baseLabels ?? null,
  authorName: 'Staff Member',
  comment: `Version ${version}`,
  baseVersion: version - 1,
});

/** Calls of one instance, as the administrator of `cookie`. */
function caller(app: FastifyInstance, cookie: string) {
  return (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    app.inject({ method, url: `/api/admin/${url}`, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

describe('a published version the running code no longer serves', () => {
  let t: TestApp;
  let cookie: string;
  let restarted: FastifyInstance;
  let call: ReturnType<typeof caller>;
  const unserved = () => {
    const definition = fileOf('genres');
    definition.list.columns.push({ field: 'website', header: 'columns.name' });
    return definition;
  };

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    // Published under an earlier release, whose list returned a `website` (and before versions recorded their base).
    await t.database.db.insert(screenVersions).values([
      versionRow('genres', 1, unserved(), { labels: GENRES_LABELS }),
      // Not even a screen definition any more: the start goes on.
      versionRow('times', 1, { resource: 'times', list: 5 }),
    ]);
    // The server starts again on the same database.
    restarted = await buildApp({ config: t.config, database: t.database, checkAnswers: true });
    await restarted.ready();
    call = caller(restarted, cookie);
  });
  afterAll(async () => {
    await restarted?.close();
    await t?.close();
  });

  it('serves the built-in file in its place, and flags it with the reason in the list and on the screen', async () => {
    expect(restarted.screenRegistry.screens.get('genres')!.list!.columns.map((column) => column.field)).toEqual(['id', 'names', 'color', 'parent_name']);
    expect((await call('GET', 'genres')).statusCode).toBe(200);
    const reason = 'Version 1 no longer fits this release: the list column `website` is no longer served';
    const row = (await call('GET', 'screens')).json().data.find((screen: Loose) => screen.name === 'genres');
    expect(row).toMatchObject({ version: 1, customised: false, conflict: null, unfit: { version: 1, reason } });
    expect(row.unfit.problems).toEqual([{ path: 'list.columns.4.field', message: expect.stringContaining('"website" is not returned by GET admin/genres') }]);
    const one = (await call('GET', 'screens/genres')).json().data;
    expect(one).toMatchObject({ version: 1, customised: false, rebased: false, conflict: null, unfit: { version: 1, reason } });
    expect(one.definition).toEqual(fileOf('genres'));
    expect(one.repair).toEqual({ definition: unserved(), labels: GENRES_LABELS });
  });

  it('does not stop the start for a version that is no definition any more', async () => {
    const times = (await call('GET', 'screens/times')).json().data;
    expect(times).toMatchObject({ version: 1, customised: false, unfit: { version: 1 } });
    expect(times.unfit.reason).toMatch(/^Version 1 no longer fits this release: /);
    expect(times.definition).toEqual(fileOf('times'));
  });

  it('is flagged by an instance already running too, once it reads the versions again', async () => {
    const row = (await t.as(cookie, { method: 'GET', url: '/api/admin/screens' })).json().data.find((screen: Loose) => screen.name === 'genres');
    expect(row.unfit.reason).toBe('Version 1 no longer fits this release: the list column `website` is no longer served');
  });

  it('repairs it from its draft: the version opened as the draft shows its problems, corrected it publishes', async () => {
    const { repair } = (await call('GET', 'screens/genres')).json().data;
    expect((await call('PUT', 'screens/genres/draft', repair)).statusCode).toBe(200);
    expect((await call('GET', 'screens/genres')).json().data.draft).toMatchObject(repair);
    const { errors } = (await call('POST', 'screens/genres/check', repair)).json();
    expect(errors).toEqual([{ path: 'list.columns.4.field', message: expect.stringContaining('"website"') }]);
    // Publishing it as it is is refused, as any draft with problems.
    expect((await call('POST', 'screens/genres/publish', { baseVersion: 1 })).statusCode).toBe(422);
    repair.definition.list.columns.pop();
    repair.definition.list.columns[0].width = '4rem';
    await call('PUT', 'screens/genres/draft', repair);
    expect((await call('POST', 'screens/genres/check', repair)).json()).toEqual({ errors: [] });
    const published = await call('POST', 'screens/genres/publish', { comment: 'Repaired', baseVersion: 1 });
    expect(published.statusCode).toBe(200);
    expect(published.json().data.version).toBe(2);
    const one = (await call('GET', 'screens/genres')).json().data;
    expect(one).toMatchObject({ version: 2, customised: true, unfit: null, conflict: null, repair: null });
    expect(restarted.screenRegistry.screens.get('genres')!.list!.columns[0]!.width).toBe('4rem');
  });
});

describe('a release that changes the built-in files under published versions', () => {
  /** The release staff published under: genres without its parent column, times as in the repository. */
  const oldGenres = () => {
    const definition = fileOf('genres');
    definition.list.columns = definition.list.columns.filter((column: Loose) => column.field !== 'parent_name');
    return definition;
  };
  /** The new release: genres with the parent column back and a filter of the parents, the times' id column wider. */
  const newGenres = () => ({ ...fileOf('genres'), list: { ...fileOf('genres').list, filters: [PARENT_FILTER] } });
  const newTimes = () => {
    const definition = fileOf('times');
    definition.list.columns[0].width = '5rem';
    return definition;
  };
  let oldDir: string;
  let newDir: string;
  let t: TestApp;
  let cookie: string;
  let released: FastifyInstance;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    oldDir = releaseFolder({ genres: oldGenres() });
    newDir = releaseFolder({ genres: newGenres(), times: newTimes() });
    t = await createTestApp({}, { screensDir: oldDir });
    cookie = await t.login();
    const before = caller(t.app, cookie);
    // Under the earlier release: staff rename the genres' name column and shorten the names…
    const genres = oldGenres();
    genres.list.columns[1].header = 'screens.genres.englishName';
    genres.form.schema.definitions.name.maxLength = 20;
    await before('PUT', 'screens/genres/draft', { definition: genres, labels: { ...GENRES_LABELS, englishName: 'English name' } });
    expect((await before('POST', 'screens/genres/publish', { comment: 'English names', baseVersion: 0 })).statusCode).toBe(200);
    // …and narrow the times' id column, with longer names.
    const times = fileOf('times');
    times.list.columns[0].width = '4rem';
    times.form.schema.definitions.name.maxLength = 100;
    await before('PUT', 'screens/times/draft', { definition: times, labels: {} });
    expect((await before('POST', 'screens/times/publish', { comment: 'Narrow ids', baseVersion: 0 })).statusCode).toBe(200);
    // The new release starts on the same database.
    released = await buildApp({ config: t.config, database: t.database, screensDir: newDir, checkAnswers: true });
    await released.ready();
    call = caller(released, cookie);
  });
  afterAll(async () => {
    await released?.close();
    await t?.close();
    for (const dir of [oldDir, newDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('records the built-in file and labels each version was made from', async () => {
    const [row] = await t.database.db.select().from(screenVersions).where(eq(screenVersions.screen, 'genres'));
    expect(row!.baseFile).toEqual(oldGenres());
    expect(row!.baseLabels).toEqual(GENRES_LABELS);
  });

  it('re-applies staff’s changes onto the new file: the column and filter the release added show on the customised screen', async () => {
    const one = (await call('GET', 'screens/genres')).json().data;
    expect(one).toMatchObject({ version: 1, customised: true, rebased: true, unfit: null, conflict: null, repair: null });
    expect(one.definition.list.columns.map((column: Loose) => [column.field, column.header])).toEqual([
      ['id', 'columns.id'],
      ['names', 'screens.genres.englishName'],
      ['color', 'columns.color'],
      ['parent_name', 'screens.genres.parent'],
    ]);
    expect(one.definition.list.filters).toEqual([PARENT_FILTER]);
    expect(one.labels.englishName).toBe('English name');
    // Served: the list's parent column and filter, and the names staff shortened.
    const screen = released.screenRegistry.screens.get('genres')!;
    expect(screen.list!.columns.map((column) => column.field)).toContain('parent_name');
    expect(screen.list!.filters!.map((filter) => filter.param)).toEqual(['parent_id']);
    const refused = await call('POST', 'genres', { names: { en: 'A name of twenty-five ch.' }, color: '#0091ea' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'names.en': ['The name (English) may not be greater than 20 characters.'] });
    expect((await call('GET', 'screens')).json().data.find((screen: Loose) => screen.name === 'genres')).toMatchObject({
      customised: true,
      unfit: null,
      conflict: null,
    });
  });

  it('flags a change both staff and the release made differently, serves the new file, and never settles it silently', async () => {
    const reason = 'Version 1 and this release both changed the list column `id` (its width): the built-in file serves until a repaired draft is published';
    const row = (await call('GET', 'screens')).json().data.find((screen: Loose) => screen.name === 'times');
    expect(row).toMatchObject({
      version: 1,
      customised: false,
      unfit: null,
      conflict: {
        version: 1,
        reason,
        conflicts: [{ path: 'list.columns.0.width', message: 'the list column `id` (its width): this version says "4rem", the release says "5rem"' }],
      },
    });
    const served = released.screenRegistry.inUse('times')!;
    expect(served.definition).toEqual(newTimes());
    // Neither side's width, nor staff's other change, is used while they conflict.
    const one = (await call('GET', 'screens/times')).json().data;
    expect(one.definition).toEqual(newTimes());
    expect(one.conflict.reason).toBe(reason);
    // The repair draft: staff's changes on the new file, the new file's side where they conflict.
    expect(one.repair.definition.list.columns[0].width).toBe('5rem');
    expect(one.repair.definition.form.schema.definitions.name.maxLength).toBe(100);
  });

  it('repairs a conflict from the merged draft: published, the screen is customised again on the new file', async () => {
    const { repair } = (await call('GET', 'screens/times')).json().data;
    expect((await call('PUT', 'screens/times/draft', repair)).statusCode).toBe(200);
    expect((await call('POST', 'screens/times/check', repair)).json()).toEqual({ errors: [] });
    const published = await call('POST', 'screens/times/publish', { comment: 'Repaired after the release', baseVersion: 1 });
    expect(published.statusCode).toBe(200);
    const one = (await call('GET', 'screens/times')).json().data;
    expect(one).toMatchObject({ version: 2, customised: true, rebased: false, conflict: null, unfit: null, repair: null });
    expect(one.definition.form.schema.definitions.name.maxLength).toBe(100);
    const [row] = await t.database.db.select().from(screenVersions).where(eq(screenVersions.screen, 'times')).orderBy(screenVersions.version).offset(1);
    expect(row!.baseFile).toEqual(newTimes());
  });

  describe('a filter the release renamed', () => {
    /** The genres file of a release whose list took its parents as `parent`, since renamed `parent_id`. */
    const withParent = () => ({ ...newGenres(), list: { ...newGenres().list, filters: [{ ...PARENT_FILTER, param: 'parent' }] } });
    const insert = (version: number, definition: Loose, base?: Loose) =>
      t.database.db
        .insert(screenVersions)
        .values(versionRow('genres', version, definition, { labels: GENRES_LABELS, ...(base ? { baseFile: base, baseLabels: GENRES_LABELS } : {}) }));

    it('is renamed in a version that left the filter as it was', async () => {
      const staff = withParent();
      staff.list.columns[0].width = '4rem';
      await insert(2, staff, withParent());
      const one = (await call('GET', 'screens/genres')).json().data;
      expect(one).toMatchObject({ version: 2, customised: true, rebased: true, unfit: null, conflict: null });
      expect(one.definition.list.filters).toEqual([PARENT_FILTER]);
      expect(one.definition.list.columns[0].width).toBe('4rem');
      expect(released.screenRegistry.screens.get('genres')!.list!.filters!.map((filter) => filter.param)).toEqual(['parent_id']);
    });

    it('conflicts with a version that changed the filter: flagged, the new file serves', async () => {
      const staff = withParent();
      staff.list.filters[0].widget = 'select';
      await insert(3, staff, withParent());
      const one = (await call('GET', 'screens/genres')).json().data;
      expect(one).toMatchObject({ version: 3, customised: false, unfit: null });
      expect(one.conflict.reason).toBe(
        'Version 3 and this release both changed the list filter `parent`: the built-in file serves until a repaired draft is published',
      );
      expect(one.conflict.conflicts).toEqual([
        {
          path: 'list.filters.0',
          message: expect.stringMatching(/^the list filter `parent`: this version says \{.*"widget":"select".*\}, the release removes it$/),
        },
      ]);
      expect(one.definition).toEqual(newGenres());
      expect(one.repair.definition.list.filters).toEqual([PARENT_FILTER]);
    });

    it('leaves a version of unknown base unused: its filter is no longer served', async () => {
      await insert(4, withParent());
      const one = (await call('GET', 'screens/genres')).json().data;
      expect(one).toMatchObject({ version: 4, customised: false, conflict: null, rebased: false });
      expect(one.unfit.reason).toBe('Version 4 no longer fits this release: the list filter `parent` is no longer served');
      expect(one.unfit.problems).toEqual([{ path: 'list.filters.0.param', message: expect.stringContaining('"parent" is not accepted by GET admin/genres') }]);
      expect(one.repair.definition).toEqual(withParent());
      expect(released.screenRegistry.screens.get('genres')!.list!.filters!.map((filter) => filter.param)).toEqual(['parent_id']);
    });
  });
});
