// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layering rules of eslint.config.js fire: each case lints one import as if it were written in
 * `filePath`, and expects a `no-restricted-imports` message exactly when the import points upward.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

const cases: { filePath: string; allowed: string[]; forbidden: string[] }[] = [
  {
    filePath: 'server/db/repositories/x.ts',
    allowed: ["import { books } from '../schema/index.js';", "import type { Db } from '../client.js';", "import { sql } from 'drizzle-orm';"],
    forbidden: [
      "import { parseId } from '../../services/resourceService.js';",
      "import { fileRoutes } from '../../routes/files.js';",
      "import type { ResourceDefinition } from '../../resources/types.js';",
      "export { parseId } from '../../services/resourceService.js';",
      "import type { BookSaveService } from '../../services/bookSaveService.js';",
    ],
  },
  {
    filePath: 'server/services/x.ts',
    allowed: ["import { fileUrl } from '../storage/fileUrl.js';", "import { sheetExists } from '../db/repositories/bookReadRepository.js';"],
    forbidden: ["import { fileRoutes } from '../routes/files.js';", "import type { FileRoutesOptions } from '../routes/files.js';"],
  },
  {
    filePath: 'src/x.ts',
    allowed: ["import { pickTranslation } from '../common/locales.js';"],
    forbidden: ["import { UTILITY_LISTS } from '../server/routes/utilities.js';"],
  },
  {
    filePath: 'common/x.ts',
    allowed: ["import { LOCALES } from './locales.js';"],
    forbidden: ["import { fileUrl } from '../server/storage/fileUrl.js';", "import { App } from '../src/App.js';"],
  },
];

describe('layering (no-restricted-imports in eslint.config.js)', () => {
  for (const { filePath, allowed, forbidden } of cases) {
    for (const code of forbidden) {
      it(`refuses in ${filePath}: ${code}`, async () => {
        expect(await restricted(filePath, `${code}\n`)).toHaveLength(1);
      });
    }
    for (const code of allowed) {
      it(`allows in ${filePath}: ${code}`, async () => {
        expect(await restricted(filePath, `${code}\n`)).toEqual([]);
      });
    }
  }
});
