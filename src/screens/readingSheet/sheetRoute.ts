import { manifestOf } from '../../engine/resource/definitions';

/**
 * Where the reading-sheet editor lives and the API it edits, as schemas/reading-sheets.screen.json
 * declares them (its `routes.form` is this bespoke editor). Kept apart from the form code so the
 * app's first module (src/app/earlyRequests.ts) can read it without loading the form.
 */
/** The sheets' screen (`schemas/reading-sheets.screen.json`): its list, and its form, which this editor renders. */
export const SHEET_SCREEN = 'reading-sheets';

const screen = manifestOf(SHEET_SCREEN);
const form = screen.routes.form;
if (!form) throw new Error('schemas/reading-sheets.screen.json declares no routes.form: the reading-sheet editor has no route');

/** The API the editor reads and saves (`books`). */
export const SHEET_API = screen.api;
/** The editor's route path, relative to the root (`reading-sheet/:id?`): no id creates. */
const SHEET_ROUTE_PATH = form.path.slice(1);
/** The reading-sheet list, where a create returns. */
export const LIST_PATH = screen.routes.list.path;

/** The AI comparison of a sheet (SPEC §2 `/reading-sheet/{id}/ai-comparation`), below the editor's path. */
export const AI_COMPARISON_ROUTE_PATH = `${SHEET_ROUTE_PATH.replace(/\?$/, '')}/ai-comparation`;
/** The AI comparison's route id. */
export const AI_COMPARISON_ROUTE_NAME = 'readingSheets-aiComparation';
/** The AI comparison of one sheet. */
export const aiComparisonPath = (id: string | number) => `/${AI_COMPARISON_ROUTE_PATH.replace(':id', String(id))}`;
/** The editor of one sheet. */
export const sheetPath = (id: string | number) => `/${SHEET_ROUTE_PATH.replace(':id?', String(id))}`;
