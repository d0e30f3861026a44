import './i18n';
import { expandScreen } from '../common/expandTranslations';
import type { ScreenDefinition } from '../common/screenDefinition';
import { setScreensInUse } from './engine/resource/definitions';
import sheetSchema from '../schemas/books/readingSheet.schema.json';
import sheetUiSchema from '../schemas/books/readingSheet.ui.json';
import { READING_SHEET_SCREEN } from '../common/readingSheetForm';

// The unit tests render the built-in screens, as the server sends them when none is published
// (their validators compiled by the test run: vitest.config.ts).
const files = import.meta.glob<ScreenDefinition>('/schemas/*.screen.json', { eager: true, import: 'default' });
setScreensInUse({
  stamp: 0,
  definitions: Object.entries(files)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, screen]) => expandScreen(screen)),
  forms: { [READING_SHEET_SCREEN]: { schema: sheetSchema as Record<string, unknown>, uiSchema: sheetUiSchema as Record<string, unknown> } },
  versions: {},
  labels: {},
  validators: '',
});
