// @vitest-environment node
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The repository's root, whose eslint.config.js holds the rule. */
const cwd = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd });

/** The rules that fire on `code` linted as if it were the file at `filePath`. */
async function rulesFired(code: string, filePath: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId);
}

describe('layers (eslint.config.js)', () => {
  it('refuses an engine file that imports the widgets, a bespoke screen or the app', async () => {
    expect(await rulesFired("import { registries } from '../../widgets/registry';\nexport const r = registries;\n", 'src/engine/form/x.ts')).toContain(
      'no-restricted-imports',
    );
    expect(
      await rulesFired(
        "import { ReadingSheetScreen } from '../screens/readingSheet/ReadingSheetScreen';\nexport const s = ReadingSheetScreen;\n",
        'src/engine/x.ts',
      ),
    ).toContain('no-restricted-imports');
    expect(await rulesFired("import { router } from '../../app/router';\nexport const r = router;\n", 'src/engine/list/x.ts')).toContain(
      'no-restricted-imports',
    );
  }, 60_000);

  it('lets the engine import itself and common, and the widgets import the engine', async () => {
    expect(
      await rulesFired(
        "import { useRegistries } from '../registries';\nimport { LOCALES } from '../../../common/locales';\nexport const a = [useRegistries, LOCALES];\n",
        'src/engine/form/x.ts',
      ),
    ).toEqual([]);
    expect(await rulesFired("import { registries } from '../widgets/registry';\nexport const r = registries;\n", 'src/app/x.ts')).toEqual([]);
  }, 60_000);
});
