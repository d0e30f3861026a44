// @vitest-environment node
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The how-to of docs/architecture.md ('How to') done for real, as a developer would: a copy of
 * the repository (its tracked files, the installed packages linked) gets a new widget, a new stored
 * field on the reading sheet and a whole new resource, each by the recipe's steps and nothing
 * else, the migration written by `npm run db:generate` and the generated files by the build's
 * generator. Then the copy's own checks run (the generator's stale check, the definitions' check,
 * the type check) and its own tests: the widget's beside it, and a server test that uses the new
 * field and the new resource through the API. An edit whose anchor is gone fails here: the recipe
 * (and this test) must then say where the step goes now.
 */

const ROOT = process.cwd();
let copy: string;

/** Runs a command in the copy; its output is the failure's message when it fails. */
function run(command: string, args: string[]): string {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', FORCE_COLOR: '0' };
  // The copy's server test runs on its own PGlite; the outer suite's PostgreSQL is not its.
  delete env.TEST_DATABASE_URL;
  delete env.VITEST;
  delete env.VITEST_POOL_ID;
  delete env.VITEST_WORKER_ID;
  delete env.NODE_OPTIONS;
  try {
    return execFileSync(command, args, { cwd: copy, env, encoding: 'utf8', stdio: 'pipe', maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`, { cause: error });
  }
}

const file = (name: string) => path.join(copy, name);
const read = (name: string) => fs.readFileSync(file(name), 'utf8');
const write = (name: string, text: string) => {
  fs.mkdirSync(path.dirname(file(name)), { recursive: true });
  fs.writeFileSync(file(name), text);
};
/** Replaces `anchor` (which must be there, once) in a file of the copy. */
const edit = (name: string, anchor: string, replacement: string) => {
  const text = read(name);
  expect(text.split(anchor).length - 1, `${name}: ${anchor}`).toBe(1);
  write(name, text.replace(anchor, replacement));
};
/** Changes a JSON file of the copy. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON file changed by path
const editJson = (name: string, change: (json: Record<string, any>) => void) => {
  const json = JSON.parse(read(name));
  change(json);
  write(name, `${JSON.stringify(json, null, 2)}\n`);
};

/** A new widget: a text area that counts its words (`wordCount`). */
function addWidget() {
  edit('common/screenDefinition.ts', "  'date',\n] as const;", "  'date',\n  'wordCount',\n] as const;");
  write(
    'common/widgetOptions/wordCount.ts',
    `import type { FromSchema } from 'json-schema-to-ts';

/** \`ui:options\` of the word-count widget (src/widgets/wordCount). */
export const wordCountOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {
    rows: { type: 'integer', minimum: 1, maximum: 30, description: 'Rows of the text area (3 by default)' },
  },
} as const;

export type WordCountOptions = FromSchema<typeof wordCountOptions>;
`,
  );
  edit(
    'common/widgetOptions.ts',
    "import { variablesTableOptions } from './widgetOptions/variablesTable.js';",
    "import { variablesTableOptions } from './widgetOptions/variablesTable.js';\nimport { wordCountOptions } from './widgetOptions/wordCount.js';",
  );
  edit('common/widgetOptions.ts', '  date: dateOptions,\n};', '  date: dateOptions,\n  wordCount: wordCountOptions,\n};');
  write(
    'src/widgets/wordCount/WordCountWidget.tsx',
    `import type { WidgetProps } from '@rjsf/utils';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import type { WordCountOptions } from '../../../common/widgetOptions/wordCount';

/** A text area with the count of its words below it. */
export function WordCountWidget({ id, value, onChange, disabled, readonly, options }: WidgetProps) {
  const { t } = useTranslation();
  const { rows = 3 } = options as WordCountOptions;
  const text = typeof value === 'string' ? value : '';
  const words = text.trim() ? text.trim().split(/\\s+/).length : 0;
  return (
    <div>
      <InputTextarea id={id} value={text} rows={rows} disabled={disabled} readOnly={readonly} aria-describedby={\`\${id}-count\`} onChange={(e) => onChange(e.target.value || undefined)} />
      <small id={\`\${id}-count\`}>{t('widgets.wordCount.count', { count: words })}</small>
    </div>
  );
}
`,
  );
  edit(
    'src/widgets/registry.ts',
    "  color: deferred(() => import('./color/ColorWidget').then((m) => m.ColorWidget)),",
    "  color: deferred(() => import('./color/ColorWidget').then((m) => m.ColorWidget)),\n  wordCount: deferred(() => import('./wordCount/WordCountWidget').then((m) => m.WordCountWidget)),",
  );
  editJson('src/i18n/locales/en/widgets.json', (json) => {
    json.widgets.wordCount = { count_one: '{{count, number}} word', count_other: '{{count, number}} words' };
  });
  write(
    'src/widgets/wordCount/WordCountWidget.test.tsx',
    `import type { WidgetProps } from '@rjsf/utils';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WordCountWidget } from './WordCountWidget';

describe('WordCountWidget', () => {
  it('shows the text with its count of words, and sends what is typed', () => {
    const onChange = vi.fn();
    render(<WordCountWidget {...({ id: 'root_note', value: 'three little words', onChange, options: { rows: 4 } } as unknown as WidgetProps)} />);
    expect(screen.getByText('3 words')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'one' } });
    expect(onChange).toHaveBeenCalledWith('one');
  });
});
`,
  );
  // Used by a definition: the sheet's private comment counts its words.
  editJson('schemas/reading-sheets.screen.json', ({ form: { uiSchema: ui } }) => {
    ui.private_comment['ui:widget'] = 'wordCount';
    ui.private_comment['ui:options'] = { rows: 4 };
  });
}

/** A new stored field on the reading sheet: its number of chapters (`nb_chapters`). */
function addSheetField() {
  edit('server/db/schema/books.ts', "    nbPages: integer('nb_pages'),", "    nbPages: integer('nb_pages'),\n    nbChapters: integer('nb_chapters'),");
  edit('server/resources/readingSheets.ts', "  nb_pages: stored('nbPages'),", "  nb_pages: stored('nbPages'),\n  nb_chapters: stored('nbChapters'),");
  editJson('schemas/reading-sheets.screen.json', ({ form: { schema, uiSchema: ui } }) => {
    schema.properties.nb_chapters = { type: 'integer', title: 'Number of chapters', minimum: 0, maximum: 10000 };
    ui['ui:order'].splice(ui['ui:order'].indexOf('nb_pages') + 1, 0, 'nb_chapters');
    const base = ui['ui:options'].tabs.find((tab: { fields: string[] }) => tab.fields.includes('nb_pages'));
    base.fields.splice(base.fields.indexOf('nb_pages') + 1, 0, 'nb_chapters');
    ui.nb_chapters = { 'ui:title': 'screens.reading-sheets.fields.nb_chapters' };
  });
  editJson('src/i18n/locales/en/screens/reading-sheets.json', (labels) => {
    labels.fields.nb_chapters = 'Number of chapters';
  });
}

/** A whole new resource: moods, a named list like the times. */
function addResource() {
  write(
    'server/db/schema/moods.ts',
    `import { index, pgTable, serial } from 'drizzle-orm/pg-core';
import { searchText, translations } from './columns.js';

/** The moods a story is told in: a translatable name. */
export const moods = pgTable('moods', { id: serial('id').primaryKey(), names: translations('names'), searchText: searchText() }, (t) => [
  index('moods_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
]);
`,
  );
  edit('server/db/schema/index.ts', "export * from './bulkJobs.js';", "export * from './bulkJobs.js';\nexport * from './moods.js';");
  write(
    'server/resources/moods.ts',
    `import { moods } from '../db/schema/index.js';
import { NAME_SEARCH, NAMED_FIELDS } from '../engine/declaration.js';
import type { NamedResourceDefinition } from '../engine/resourceTypes.js';

/** Moods: translatable name; full CRUD. */
export const moodResource: NamedResourceDefinition = {
  api: 'moods',
  label: 'Mood',
  table: moods,
  screen: 'moods',
  fields: NAMED_FIELDS,
  filters: NAME_SEARCH,
  uniqueNames: true,
};
`,
  );
  edit(
    'server/resources/index.ts',
    "import { timeResource } from './times.js';",
    "import { timeResource } from './times.js';\nimport { moodResource } from './moods.js';",
  );
  edit('server/resources/index.ts', '  timeResource,\n', '  timeResource,\n  moodResource,\n');
  const screen = read('schemas/times.screen.json')
    .replaceAll('screens.times.', 'screens.moods.')
    .replace('"resource": "times"', '"resource": "moods"')
    .replace('"api": "times"', '"api": "moods"')
    .replace('"path": "/times", "name": "time-index"', '"path": "/moods", "name": "mood-index"')
    .replace('"path": "/time/:id?", "name": "time-save"', '"path": "/mood/:id?", "name": "mood-save"')
    .replace('"order": 2', '"order": 20');
  write('schemas/moods.screen.json', screen);
  write(
    'src/i18n/locales/en/screens/moods.json',
    `${JSON.stringify(
      {
        title: 'Moods',
        count_one: '{{count, number}} mood',
        count_other: '{{count, number}} moods',
        menu: 'Moods',
        create: 'Create a mood',
        edit: 'Edit the mood',
      },
      null,
      2,
    )}\n`,
  );
}

/** What the copy's server test proves, through the API only. */
const PROOF = `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

describe('what the recipes added', () => {
  let t: TestApp;
  let cookie: string;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.as(cookie, { method, url: '/api/admin/' + url, ...(payload ? { payload } : {}) });
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
  });
  afterAll(async () => t?.close());

  it('serves the new resource: its list, its save, its history and its screen', async () => {
    const created = await call('POST', 'moods', { names: { en: 'Melancholy' } });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id;
    expect((await call('GET', 'moods?name=melan')).json().data).toEqual([expect.objectContaining({ id, name: 'Melancholy' })]);
    expect((await call('POST', 'moods', { names: { en: 'Melancholy' } })).statusCode).toBe(422);
    expect((await call('GET', 'history/moods/' + id)).json().data[0]).toMatchObject({ action: 'create' });
    expect((await call('GET', 'screens')).json().data.map((screen: { name: string }) => screen.name)).toContain('moods');
  });

  it('stores, reads and checks the sheet’s new field, and its history has it', async () => {
    const created = await call('POST', 'books', { original_title: 'Chapters', nb_chapters: 12 });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id;
    expect((await call('GET', 'books/' + id)).json().data.nb_chapters).toBe(12);
    const refused = await call('POST', 'books/' + id, { original_title: 'Chapters', nb_chapters: -1, version: created.json().data.version });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['nb_chapters']);
    const saved = await call('POST', 'books/' + id, { original_title: 'Chapters', nb_chapters: 14, version: created.json().data.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', 'history/books/' + id)).json().data[0].changes.nb_chapters).toEqual({ from: 12, to: 14 });
  });

  it('takes the new widget in a definition, offers it in the studio with its options, and refuses an option it does not declare', async () => {
    const catalog = (await call('GET', 'screens/reading-sheets/catalog')).json().data;
    expect(catalog.widgets).toContainEqual(expect.objectContaining({ name: 'wordCount', builtIn: false, options: expect.objectContaining({ properties: { rows: expect.any(Object) } }) }));
    const { definition } = (await call('GET', 'screens/reading-sheets')).json().data;
    expect(definition.form.uiSchema.private_comment['ui:widget']).toBe('wordCount');
    expect((await call('POST', 'screens/reading-sheets/check', { definition, labels: {} })).json()).toEqual({ errors: [] });
    definition.form.uiSchema.private_comment['ui:options'] = { columns: 2 };
    const { errors } = (await call('POST', 'screens/reading-sheets/check', { definition, labels: {} })).json();
    expect(errors.map((error: { path: string }) => error.path)).toContain('form.uiSchema.private_comment.ui:options.columns');
  });
});
`;

describe('the how-to of docs/architecture.md, done in a copy of the repository', () => {
  beforeAll(() => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-panel-recipes-'));
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
    for (const name of tracked) {
      const from = path.join(ROOT, name);
      if (!fs.existsSync(from)) continue;
      fs.mkdirSync(path.dirname(file(name)), { recursive: true });
      fs.copyFileSync(from, file(name));
    }
    fs.symlinkSync(path.join(ROOT, 'node_modules'), file('node_modules'), 'dir');
  });
  afterAll(() => {
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
  });

  it('adds a widget, a field of the sheet and a resource by their steps alone, and the copy passes its checks and tests', () => {
    addWidget();
    addSheetField();
    addResource();
    // The migration of the two schema changes, as \`npm run db:generate\` writes it.
    run('npx', ['drizzle-kit', 'generate', '--name', 'recipes']);
    const migration = fs.readdirSync(file('server/db/migrations')).find((name) => name.endsWith('_recipes.sql'));
    expect(migration).toBeDefined();
    const sql = read(`server/db/migrations/${migration}`);
    expect(sql).toContain('CREATE TABLE "moods"');
    expect(sql).toContain('ADD COLUMN "nb_chapters" integer');
    // The build's generator writes the sheet's schema type.
    run('npx', ['tsx', 'scripts/generate.ts']);
    expect(read('schemas/readingSheetSchemaType.ts')).toContain('nb_chapters');
    run('npx', ['tsx', 'scripts/generate.ts', '--check']);
    run('npx', ['tsx', 'scripts/check-definitions.ts']);
    run('npx', ['tsc', '--noEmit', '-p', '.']);
    write('tests/server/recipes-proof.test.ts', PROOF);
    run('npx', ['vitest', 'run', '--project', 'unit', 'src/widgets/wordCount']);
    run('npx', ['vitest', 'run', '--project', 'server-pglite', 'tests/server/recipes-proof.test.ts']);
  });

  it('refuses a step left out: a sheet property without its declaration line fails the definitions’ check', () => {
    editJson('schemas/reading-sheets.screen.json', ({ form: { schema } }) => {
      schema.properties.nb_sections = { type: 'integer', title: 'Number of sections' };
    });
    expect(() => run('npx', ['tsx', 'scripts/check-definitions.ts'])).toThrow(/nb_sections/);
  });
});
