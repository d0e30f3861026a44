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
    allowed: [
      "import { books } from '../schema/index.js';",
      "import type { Db } from '../client.js';",
      "import { sql } from 'drizzle-orm';",
      "import { readCodec } from '../codecs.js';",
      // The declarations, as types only: erased at run time, they load no resource's code.
      "import type { ResourceDefinition } from '../../resources/types.js';",
      "import { type DerivedFilter } from '../../resources/filterDeclaration.js';",
      "export type { BookSort } from '../../resources/readingSheets.js';",
    ],
    forbidden: [
      "import { parseId } from '../../services/resourceService.js';",
      "import { fileRoutes } from '../../routes/files.js';",
      "export { parseId } from '../../services/resourceService.js';",
      "import type { BookSaveService } from '../../services/bookSaveService.js';",
      "import { unprocessable } from '../../http/errors.js';",
      "import { discardUploads } from '../../uploads/receiveUploads.js';",
      // A value from the declarations loads their code (and what it imports) with the repository.
      "import { BOOK_SORTS } from '../../resources/readingSheets.js';",
      "import { writableFields, type FieldDeclaration } from '../../resources/declaration.js';",
      "export { BOOK_SORTS } from '../../resources/readingSheets.js';",
      "import { namedStore } from '../../resources/named.js';",
    ],
  },
  {
    filePath: 'server/engine/x.ts',
    allowed: [
      "import { writableFields } from '../resources/declaration.js';",
      "import { findDeclared } from '../db/repositories/declaredRepository.js';",
      "import { unprocessable } from '../http/errors.js';",
    ],
    forbidden: ["import { parseId } from '../services/resourceService.js';", "import type { FileRoutesOptions } from '../routes/files.js';"],
  },
  {
    filePath: 'server/resources/x.ts',
    allowed: ["import { declaredStore } from '../engine/declaredStore.js';", "import { rowExists } from '../db/repositories/directoryRepository.js';"],
    forbidden: ["import { parseId } from '../services/resourceService.js';"],
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
