// @vitest-environment node
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layering rules of eslint.config.js fire: each case lints one import as if it were written in
 * `filePath`, and expects a `no-restricted-imports` message exactly when the import points upward.
 */
// The cycle rule follows every import on disk (tests/schemas/import-cycles.test.ts proves it): off
// here, each case lints one import, not the tree behind it.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

const cases: { filePath: string; allowed: string[]; forbidden: string[] }[] = [
  {
    filePath: 'server/db/repositories/sheets/x.ts',
    allowed: [
      "import { books } from '../../schema/index.js';",
      "import type { Db } from '../../client.js';",
      "import { sql } from 'drizzle-orm';",
      "import { readCodec } from '../../codecs.js';",
      // Another feature's repositories, and the engine's SQL, are repositories too.
      "import { findDeclared } from '../engine/declaredRepository.js';",
      "import { setSheetReporters } from '../editorial/reporterRepository.js';",
      // The declarations, as types only: erased at run time, they load no resource's code.
      "import type { ResourceDefinition } from '../../../engine/resourceTypes.js';",
      "import { type DerivedFilter } from '../../../engine/filterDeclaration.js';",
      "export type { SheetSort } from '../../../resources/readingSheets.js';",
    ],
    forbidden: [
      "import { parseId } from '../../../engine/resourceService.js';",
      "import { fileRoutes } from '../../../routes/fileRoutes.js';",
      "export { parseId } from '../../../engine/resourceService.js';",
      "import type { SheetSaveService } from '../../../sheets/sheetSaveService.js';",
      "import { screenDiff } from '../../../screens/screenDiff.js';",
      "import { unprocessable } from '../../../http/errors.js';",
      "import { discardUploads } from '../../../uploads/receiveUploads.js';",
      "import { createAppServices } from '../../../compose/appServices.js';",
      // A value from the declarations loads their code (and what it imports) with the repository.
      "import { SHEET_SORTS } from '../../../resources/readingSheets.js';",
      "import { writableFields, type FieldDeclaration } from '../../../engine/declaration.js';",
      "export { SHEET_SORTS } from '../../../resources/readingSheets.js';",
      "import { namedStore } from '../../../engine/namedStore.js';",
    ],
  },
  {
    filePath: 'server/engine/bulk/x.ts',
    allowed: [
      "import { writableFields } from '../declaration.js';",
      "import { findDeclared } from '../../db/repositories/engine/declaredRepository.js';",
      "import { findSheets } from '../../db/repositories/sheets/sheetReadRepository.js';",
      "import { unprocessable } from '../../http/errors.js';",
      "import { compileFormValidator } from '../../definitions/formValidator.js';",
    ],
    forbidden: [
      "import { findSheets } from '../../sheets/sheetReadService.js';",
      "import type { FileRoutesOptions } from '../../routes/fileRoutes.js';",
      "import { validateUser } from '../../subscribers/subscriptionService.js';",
      "import { storeContext } from '../../compose/storeContext.js';",
    ],
  },
  {
    filePath: 'server/resources/x.ts',
    allowed: ["import { declaredStore } from '../engine/declaredStore.js';", "import { rowExists } from '../db/repositories/engine/directoryRepository.js';"],
    forbidden: ["import { hashPassword } from '../auth/passwords.js';", "import { USER_ACTION } from '../routes/userRoutes.js';"],
  },
  {
    filePath: 'server/sheets/x.ts',
    allowed: [
      "import { fileUrl } from '../storage/fileUrl.js';",
      "import { sheetExists } from '../db/repositories/sheets/sheetReadRepository.js';",
      "import { resourceBulkRows } from '../engine/bulk/bulkRows.js';",
      "import { demandResource } from '../resources/demands.js';",
    ],
    forbidden: [
      "import { fileRoutes } from '../routes/fileRoutes.js';",
      "import type { FileRoutesOptions } from '../routes/fileRoutes.js';",
      "import { createAppServices } from '../compose/appServices.js';",
    ],
  },
  {
    filePath: 'server/routes/x.ts',
    allowed: ["import { idParamsSchema } from '../http/pathParams.js';", "import { listSheetPage } from '../sheets/sheetListService.js';"],
    forbidden: [
      "import { sheetServiceOf } from './sheetSaveRoutes.js';",
      "import { USER_ACTION } from './userRoutes.js';",
      "import { findSheetRow } from '../db/repositories/sheets/sheetReadRepository.js';",
    ],
  },
  {
    filePath: 'src/x.ts',
    allowed: ["import { pickTranslation } from '../common/locales.js';"],
    forbidden: ["import { UTILITY_LISTS } from '../server/routes/utilityRoutes.js';"],
  },
  {
    filePath: 'common/x.ts',
    allowed: ["import { LOCALES } from './locales.js';"],
    forbidden: ["import { fileUrl } from '../server/storage/fileUrl.js';", "import { App } from '../src/App.js';"],
  },
];

describe('layering (no-restricted-imports in eslint.config.js)', () => {
  // The first lint loads the config, its plugins and the TypeScript parser: once, not in a case's time.
  beforeAll(() => restricted('server/x.ts', '\n'), 120_000);
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
