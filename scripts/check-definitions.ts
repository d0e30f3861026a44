/**
 * `npm run build` runs this first: every screen definition of schemas/ must be valid (meta-schema)
 * and honoured by the server (server/definitions/checkDefinitions.ts), or the build stops with the
 * file and the JSON path of each problem.
 */
import { assertDefinitionsHonoured } from '../server/definitions/checkDefinitions.js';
import { loadScreens } from '../server/definitions/loadScreens.js';

try {
  assertDefinitionsHonoured(loadScreens().values());
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
