import { parse } from 'acorn';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenVersions } from '../../server/db/schema/index.js';
import { loadScreenFiles } from '../../server/definitions/loadScreens.js';
import { loadValidatorsModule, ValidatorsModuleError } from '../../server/definitions/loadValidatorsModule.js';
import { compileFormValidator } from '../../server/definitions/formValidator.js';
import { runtimeValidatorsModule } from '../../server/definitions/validatorModule.js';
import { createScreenService } from '../../server/screens/screenService.js';
import { validationKey } from '../../common/validationKey.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/** Strings that end a comment, a string, a template or a script, or a line, where generated code would hold them raw. */
const BREAK_OUTS = [
  '*/',
  '</script>',
  '"',
  "'",
  '`',
  '${',
  '\u2028',
  '\u2029',
  '\\',
  '*/}(globalThis.__ran=1,0)&&0||function(){};function zz(){/*',
  '"+(globalThis.__ran=2)+"',
  '`+(globalThis.__ran=3)+`',
  '${globalThis.__ran=4}',
  '\u2028globalThis.__ran=5//',
  '</script><script>globalThis.__ran=6</script>',
];
const ran = () => (globalThis as { __ran?: unknown }).__ran;

type Json = Record<string, unknown>;
const genresFile = () =>
  structuredClone(loadScreenFiles().get('genres')!) as Json & {
    form: { schema: Json & { properties: Record<string, Json>; definitions: Record<string, Json> }; uiSchema: Record<string, Json> };
  };

describe('definitions staff publish are untrusted input: a closed schema language, linear-time patterns, bounded work', () => {
  let t: TestApp;
  let cookie: string;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
  const check = async (definition: unknown, screen = 'genres') => {
    const response = await call('POST', `screens/${screen}/check`, { definition, labels: {} });
    expect(response.statusCode).toBe(200);
    return (response.json() as { errors: { path: string; message: string }[] }).errors;
  };
  const publish = async (definition: unknown, labels: unknown = {}, screen = 'genres') => {
    expect((await call('PUT', `screens/${screen}/draft`, { definition, labels })).statusCode).toBe(200);
    const current = (await call('GET', `screens/${screen}`)).json().data.version as number;
    return call('POST', `screens/${screen}/publish`, { baseVersion: current, comment: 'test' });
  };

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
  });
  afterAll(async () => t?.close());

  it('refuses the probe’s definition that ran code on the server and in colleagues’ browsers: $id, not, and a $ref outside the definitions', async () => {
    const definition = genresFile();
    definition.form.schema.definitions.zz = { $id: 'http://x/a*/}(globalThis.__ran=1,0)&&0||function(){};function zz(){/*' };
    definition.form.schema.properties.parent_name = { type: 'string', readOnly: true, title: 'Parent', not: { not: { $ref: '#/definitions/zz' } } };
    const errors = await check(definition);
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'form.schema.definitions.zz.$id', message: expect.stringContaining("is not part of the forms' schema language") },
        { path: 'form.schema.properties.parent_name.not', message: expect.stringContaining("is not part of the forms' schema language") },
      ]),
    );
    const published = await publish(definition);
    expect(published.statusCode).toBe(422);
    expect(Object.keys(published.json().errors)).toContain('form.schema.definitions.zz.$id');
    expect(ran()).toBeUndefined();
  });

  it('refuses, at its path, every keyword outside the language, at any depth, old or new properties, and a $ref anywhere but the definitions', async () => {
    for (const [keyword, value] of [
      ['$id', 'x'],
      ['$anchor', 'a'],
      ['$dynamicRef', '#a'],
      ['$defs', {}],
      ['if', {}],
      ['patternProperties', { '^a': {} }],
      ['dependencies', {}],
      ['propertyNames', { maxLength: 3 }],
      ['contains', {}],
      ['allOf', [{}]],
    ] as const) {
      const definition = genresFile();
      // Deep inside an existing property: its translations' template.
      (definition.form.schema.properties.names!.translations as Json)[keyword] = value;
      expect(await check(definition), keyword).toEqual([
        { path: `form.schema.properties.names.translations.${keyword}`, message: expect.stringContaining("is not part of the forms' schema language") },
      ]);
    }
    const remote = genresFile();
    remote.form.schema.definitions.name = { $ref: 'http://example.com/schema.json' };
    expect(await check(remote)).toEqual([
      { path: 'form.schema.definitions.name.$ref', message: 'must point to one of this form’s definitions ("#/definitions/<name>")' },
    ]);
    const self = genresFile();
    self.form.schema.properties.color = { ...self.form.schema.properties.color, $ref: '#' };
    expect((await check(self)).map((problem) => problem.path)).toContain('form.schema.properties.color.$ref');
  });

  it('types and bounds each value: texts, numbers, lists, names, nesting', async () => {
    const cases: [string, (definition: ReturnType<typeof genresFile>) => void][] = [
      ['form.schema.properties.color.title', (d) => (d.form.schema.properties.color!.title = 'x'.repeat(301))],
      ['form.schema.properties.color.maxLength', (d) => (d.form.schema.properties.color!.maxLength = '7')],
      ['form.schema.properties.parent_id.minimum', (d) => (d.form.schema.properties.parent_id!.minimum = 1e300)],
      ['form.schema.properties.color.format', (d) => (d.form.schema.properties.color!.format = 'regex')],
      ['form.schema.properties.color.type', (d) => (d.form.schema.properties.color!.type = 'function')],
      ['form.schema.properties.color.enum', (d) => (d.form.schema.properties.color!.enum = Array.from({ length: 1001 }, (_, i) => `#${i}`))],
      ['form.schema.properties.color.enum', (d) => (d.form.schema.properties.color!.enum = [{ object: true }])],
      ['form.schema.properties["a b"]', (d) => (d.form.schema.properties['a b'] = { type: 'string', readOnly: true })],
      ['form.schema.required', (d) => (d.form.schema.required = ['names', { x: 1 }])],
    ];
    for (const [path, change] of cases) {
      const definition = genresFile();
      change(definition);
      expect(
        (await check(definition)).map((problem) => problem.path),
        path,
      ).toContain(path);
    }
    // Nested deeper than ten schemas, within the request's own depth bound.
    const deep = genresFile();
    let node: Json = { type: 'string' };
    for (let i = 0; i < 11; i++) node = { type: 'array', items: node };
    deep.form.schema.definitions.name = node;
    expect((await check(deep)).some((problem) => problem.message.includes('nests at most 10 schemas'))).toBe(true);
  });

  it('accepts every built-in definition as it is: the language covers what the product uses', async () => {
    for (const [screen, definition] of loadScreenFiles()) expect(await check(definition, screen), screen).toEqual([]);
    const sheet = (await call('GET', 'screens/reading-sheets')).json().data.definition;
    expect(await check(sheet, 'reading-sheets')).toEqual([]);
  });

  it('compiles break-out strings in every string a schema may hold as data: the server runs nothing, the module parses and loads', () => {
    for (const payload of BREAK_OUTS) {
      const schema = {
        $comment: payload,
        type: 'object',
        title: payload,
        description: payload,
        definitions: { text: { type: 'string', title: payload, maxLength: 200, pattern: payload.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&') } },
        properties: {
          one: { enum: [payload, 'other'], title: payload, description: payload, default: payload },
          same: { const: payload },
          text: { $ref: '#/definitions/text' },
          choice: { oneOf: [{ const: payload, title: payload }] },
        },
        required: ['one'],
      };
      const validate = compileFormValidator(schema);
      expect(validate({ one: payload, same: payload, text: `a${payload}b`, choice: payload }), JSON.stringify(payload)).toBeUndefined();
      expect(validate({ one: 'none' })).toEqual({ one: [expect.any(String)] });
      const source = runtimeValidatorsModule([schema]);
      expect(() => parse(source, { ecmaVersion: 2022, sourceType: 'module' })).not.toThrow();
      expect(loadValidatorsModule(source, [validationKey(schema)])).toEqual([validationKey(schema)]);
      expect(ran()).toBeUndefined();
    }
  });

  it('publishes break-out strings in every title, help text, placeholder and label staff write: the served validators parse and run nothing', async () => {
    const definition = genresFile();
    const payload = BREAK_OUTS.join(' ');
    definition.form.schema.properties.color = { ...definition.form.schema.properties.color, title: payload, description: payload, $comment: payload };
    definition.form.schema.definitions.name = { ...definition.form.schema.definitions.name, title: payload, description: payload };
    definition.form.uiSchema.color = { ...definition.form.uiSchema.color, 'ui:help': payload, 'ui:placeholder': payload, 'ui:description': payload };
    const labels = { title: payload, menu: payload, create: payload, edit: payload, parent: payload };
    const published = await publish(definition, labels);
    expect(published.statusCode, published.body).toBe(200);
    const { screens } = (await t.as(cookie, { method: 'GET', url: '/api/admin/me', headers: { 'x-screens-stamp': 'none' } })).json();
    const script = await t.as(cookie, { method: 'GET', url: screens.validators });
    expect(script.statusCode).toBe(200);
    expect(() => parse(script.body, { ecmaVersion: 2022, sourceType: 'module' })).not.toThrow();
    expect(loadValidatorsModule(script.body, []).length).toBeGreaterThan(10);
    expect(ran()).toBeUndefined();
    expect((await call('POST', 'screens/genres/rollback', { version: 0 })).statusCode).toBe(200);
  });

  it('runs patterns in linear time: the probe’s ^(a+)+$ with a long name answers at once; a pattern RE2 cannot run is refused at its path', async () => {
    const definition = genresFile();
    definition.form.schema.definitions.name = { ...definition.form.schema.definitions.name, pattern: '^(a+)+$' };
    expect(await check(definition)).toEqual([]);
    expect((await publish(definition)).statusCode).toBe(200);
    // With a backtracking engine, 40 characters held the server for hours; RE2 answers in linear time.
    const refused = await call('POST', 'genres', { names: { en: `${'a'.repeat(40)}!` }, color: '#0091ea' });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['names.en']);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const accepted = await call('POST', 'genres', { names: { en: 'aaaa' }, color: '#0091ea' });
    expect(accepted.statusCode).toBe(200);
    for (const pattern of ['(a)\\1', '(?=a)', '(?<!a)b', 'a{2,100000}', '(\\w+\\s?){1,100}$', 'x'.repeat(501)]) {
      const other = genresFile();
      other.form.schema.definitions.name = { ...other.form.schema.definitions.name, pattern };
      expect(await check(other), pattern).toEqual([
        { path: 'form.schema.definitions.name.pattern', message: expect.stringMatching(/linear time|at most 500|too complex/) },
      ]);
    }
    // A pattern is checked on bounded texts, a bounded number of them.
    const unbounded = genresFile();
    unbounded.form.schema.definitions.name = { type: 'string', pattern: '^a' };
    expect(await check(unbounded)).toEqual(
      expect.arrayContaining([{ path: 'form.schema.definitions.name.pattern', message: expect.stringContaining('needs a "maxLength" of at most 2048') }]),
    );
    const many = genresFile();
    many.form.schema.definitions = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`n${i}`, { type: 'string', maxLength: 9, pattern: `^${i}` }]));
    expect((await check(many)).map((problem) => problem.message)).toContain("is one pattern too many: a form's schema holds at most 20");
    expect((await call('POST', 'screens/genres/rollback', { version: 0 })).statusCode).toBe(200);
  });

  it('serves a stored version that cannot be compiled from its built-in file, and its validators script never fails', async () => {
    const broken = genresFile();
    broken.form.schema.definitions.name = { ...broken.form.schema.definitions.name, pattern: '(?=a)' };
    const latest = (await call('GET', 'screens/genres')).json().data.version as number;
    // Written by an older product, before the language: the check never saw it.
    await t.database.db
      .insert(screenVersions)
      .values({ screen: 'genres', version: latest + 1, definition: broken, labels: null, authorName: 'An older product', baseVersion: latest });
    const screen = (await call('GET', 'screens/genres')).json().data;
    expect(screen).toMatchObject({ version: latest + 1, customised: false, unfit: { version: latest + 1 } });
    expect(screen.unfit.problems).toEqual([{ path: 'form.schema.definitions.name.pattern', message: expect.stringContaining('linear time') }]);
    const { screens } = (await t.as(cookie, { method: 'GET', url: '/api/admin/me', headers: { 'x-screens-stamp': 'none' } })).json();
    const served = screens.definitions.find((definition: { resource: string }) => definition.resource === 'genres');
    expect(served.form.schema.properties.names.properties.en.pattern).toBeUndefined();
    const script = await t.as(cookie, { method: 'GET', url: screens.validators });
    expect(script.statusCode).toBe(200);
    expect(loadValidatorsModule(script.body, [validationKey(served.form.schema)])).toContain(validationKey(served.form.schema));
    expect((await call('POST', 'screens/genres/rollback', { version: 0 })).statusCode).toBe(200);
  });

  it('refuses at once, in words, a definition over 256 KB (413) and a request body over 512 KB', async () => {
    const large = genresFile();
    large.form.schema.properties.color = { ...large.form.schema.properties.color, $comment: 'x'.repeat(300 * 1024) };
    for (const url of ['screens/genres/check', 'screens/genres/impact']) {
      const response = await call('POST', url, { definition: large, labels: {} });
      expect(response.statusCode, url).toBe(413);
      expect(response.json().message).toMatch(/^The definition is 30\d\.\d KB: a screen definition holds at most 256\.0 KB\.$/);
    }
    expect((await call('PUT', 'screens/genres/draft', { definition: large, labels: {} })).statusCode).toBe(413);
    const labels = await call('POST', 'screens/genres/check', { definition: genresFile(), labels: { title: 'x'.repeat(70 * 1024) } });
    expect(labels.statusCode).toBe(413);
    expect(labels.json().message).toContain("a screen's labels hold at most 64.0 KB");
    const huge = await call('POST', 'screens/genres/check', { definition: { ...genresFile(), $comment: 'x'.repeat(1400 * 1024) } });
    expect(huge.statusCode).toBe(413);
  });
});

describe('checks keep nothing', () => {
  it('leaves the heap within 20 MB of where it started after 1,000 checks of the reading-sheet definition', async () => {
    const t = await createTestApp();
    try {
      v8.setFlagsFromString('--expose-gc');
      const gc = vm.runInNewContext('gc') as () => void;
      const screens = createScreenService(t.app.db, t.app.screenRegistry);
      const definition = loadScreenFiles().get('reading-sheets')!;
      // Warm: the code's own first compilations and caches.
      for (let i = 0; i < 20; i++) expect(screens.check('reading-sheets', { definition, labels: {} })).toEqual([]);
      gc();
      const start = process.memoryUsage().heapUsed;
      for (let i = 0; i < 1000; i++) screens.check('reading-sheets', { definition: structuredClone(definition), labels: {} });
      gc();
      expect((process.memoryUsage().heapUsed - start) / 1024 / 1024).toBeLessThan(20);
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('loading a validators module as the browser will', () => {
  const schema = { type: 'object', properties: { name: { type: 'string', maxLength: 5 } } };
  const good = runtimeValidatorsModule([schema]);

  it('loads a module the server built, running each validator once', () => {
    expect(loadValidatorsModule(good, [validationKey(schema)])).toEqual([validationKey(schema)]);
  });

  it('refuses a module that does not parse, imports, exports otherwise, evaluates a string, throws, never ends or lacks a validator', () => {
    const cases: [string, RegExp][] = [
      [`${good}\n}`, /do not parse/],
      [`import x from "y";\n${good}`, /do not parse/],
      [`${good}\nexport default 1;`, /do not parse/],
      [`${good}\nexport function f() {}`, /do not parse/],
      [`eval("globalThis.__ran = 7");\n${good}`, /do not run \(Code generation from strings disallowed/],
      [`throw new Error("boom");\n${good}`, /do not run \(boom\)/],
      [`while (true) {}\n${good}`, /do not run \(Script execution timed out/],
      ['export const FORM_VALIDATORS = {};', /lacks/],
    ];
    for (const [source, reason] of cases) {
      let thrown: unknown;
      try {
        loadValidatorsModule(source, [validationKey(schema)]);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, reason.source).toBeInstanceOf(ValidatorsModuleError);
      expect((thrown as Error).message, reason.source).toMatch(reason);
    }
  });

  it('gives the module nothing of the server: no process, no require', () => {
    const probe = `${good}\nexport const PROBE = [typeof process, typeof require, typeof fetch].join();\nif (PROBE !== "undefined,undefined,undefined") throw new Error(PROBE);`;
    expect(() => loadValidatorsModule(probe, [])).not.toThrow();
  });
});
