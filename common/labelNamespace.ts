import { READING_SHEET_LABELS } from './readingSheetForm.js';

/**
 * The i18n namespace of a screen's own texts, where its published labels go: from its title key
 * (`screens.requests.title` → `screens.requests`), else `screens.<resource>`; the reading sheet
 * editor's (`kind: 'form'`) is `screens.readingSheet`. The server and the studio compute it alike.
 */
export function labelNamespace(definition: { title?: unknown; resource?: unknown }, kind: 'screen' | 'form' = 'screen'): string {
  if (kind === 'form') return READING_SHEET_LABELS;
  const title = typeof definition.title === 'string' ? definition.title : '';
  return title.split('.').length > 2 ? title.split('.').slice(0, 2).join('.') : `screens.${String(definition.resource)}`;
}
