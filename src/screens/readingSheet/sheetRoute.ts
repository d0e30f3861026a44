/**
 * Where the reading-sheet editor lives and the API it edits. Kept apart from the form code so the
 * app's first module (src/app/earlyRequests.ts) can read it without loading the form.
 */
export const SHEET_API = 'books';
/** The editor's route (`/reading-sheet/:id?`, readingSheets-save): no id creates. */
export const SHEET_ROUTE_PATH = 'reading-sheet/:id?';
/** The reading-sheet list, where a create returns. */
export const LIST_PATH = '/reading-sheets';
