// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The cycle rule of eslint.config.js (`import-x/no-cycle`) fires: real files that import each other
 * are written to a folder of server/ (the rule follows imports on disk, so a linted text alone has
 * nothing to follow), linted, and removed. Type-only imports are not edges (erased at run time, they
 * load nothing); an `import()` is one (it still loads its module).
 */
const eslint = new ESLint({ cwd: process.cwd() });

/** The probe files, by name relative to the probe folder. */
const probes: Record<string, string> = {
  // Two files whose values import each other.
  'a.ts': "import { b } from './b.js';\n\nexport const a = (): number => b() + 1;\n",
  'b.ts': "import { a } from './a.js';\n\nexport const b = (): number => (a.length ? 0 : 1);\n",
  // A loop through three files: a cycle whatever its length.
  'x.ts': "import { y } from './y.js';\n\nexport const x = (): string => y();\n",
  'y.ts': "import { z } from './z.js';\n\nexport const y = (): string => z();\n",
  'z.ts': "import { x } from './x.js';\n\nexport const z = (): string => String(x.length);\n",
  // Types only, both ways: no cycle at run time.
  'typeA.ts': "import type { TypeB } from './typeB.js';\n\nexport interface TypeA {\n  b?: TypeB;\n}\n",
  'typeB.ts': "import type { TypeA } from './typeA.js';\n\nexport interface TypeB {\n  a?: TypeA;\n}\n",
  // A value one way and types back (a repository reading a declaration's types, the declaration
  // calling the repository): loading either loads the other once, no loop.
  'declaration.ts':
    "import { rows } from './repository.js';\n\nexport interface Field {\n  column: string;\n}\nexport const count = (): number => rows([]).length;\n",
  'repository.ts':
    "import { type Field } from './declaration.js';\n\nexport const rows = (fields: Field[]): string[] => fields.map((field) => field.column);\n",
  // A loop through a dynamic import is still a loop.
  'lazy.ts': "export const later = () => import('./eager.js');\n",
  'eager.ts': "import { later } from './lazy.js';\n\nexport const eager = later;\n",
};

let folder = '';
const pathOf = (name: string) => join(folder, name);

/** The `import-x/no-cycle` messages of each named probe file. */
async function cycles(...names: string[]): Promise<Record<string, string[]>> {
  const results = await eslint.lintFiles(names.map(pathOf));
  return Object.fromEntries(
    results.map((result) => [
      relative(folder, result.filePath),
      result.messages.filter((message) => message.ruleId === 'import-x/no-cycle').map((message) => message.message),
    ]),
  );
}

beforeAll(() => {
  // A folder of its own per run, so that two runs at once do not share files.
  folder = mkdtempSync(join(process.cwd(), 'server', '__cycle_probe__'));
  for (const [name, code] of Object.entries(probes)) writeFileSync(pathOf(name), code);
});

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('import cycles (import-x/no-cycle in eslint.config.js)', () => {
  it('refuses two files importing each other', async () => {
    const found = await cycles('a.ts', 'b.ts');
    expect(found['a.ts']).toEqual(['Dependency cycle detected']);
    expect(found['b.ts']).toEqual(['Dependency cycle detected']);
  });

  it('refuses a loop through three files, naming the way back', async () => {
    const found = await cycles('x.ts', 'y.ts', 'z.ts');
    for (const name of ['x.ts', 'y.ts', 'z.ts']) expect(found[name]).toHaveLength(1);
    expect(found['x.ts']?.[0]).toMatch(/^Dependency cycle via "\.\/z\.js:1"$/);
  });

  it('allows type-only imports both ways: erased at run time, they load nothing', async () => {
    expect(await cycles('typeA.ts', 'typeB.ts')).toEqual({ 'typeA.ts': [], 'typeB.ts': [] });
  });

  it('allows a value import one way and a type-only import back', async () => {
    expect(await cycles('declaration.ts', 'repository.ts')).toEqual({ 'declaration.ts': [], 'repository.ts': [] });
  });

  it('refuses a loop through a dynamic import', async () => {
    const found = await cycles('lazy.ts', 'eager.ts');
    expect(found['lazy.ts']).toEqual(['Dependency cycle detected']);
    expect(found['eager.ts']).toEqual(['Dependency cycle detected']);
  });
});
