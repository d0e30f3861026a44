import type { Messages } from '../../../../common/i18nResources';
import { withLabel, type Column, type Json } from '../draftEdits';
import { formFieldFor, formFieldLabel, hasText, humanise } from './fieldLabel';

/**
 * A new list column for a field the list returns, headed in words: the interface's shared header
 * of that field when there is one (`columns.name`: 'Name'), else a header of the screen's own
 * (`screens.genres.columns.parent_id`) with the label of the form field it shows ('Parent genre'),
 * else the field's name in words. Relabelled later, a shared header becomes the screen's own
 * (LabelInput), so the other screens keep theirs.
 */
export function newColumn(
  t: (key: string) => string,
  namespace: string,
  definition: Json,
  labels: Messages,
  field: string,
): { column: Column; labels: Messages } {
  const shared = `columns.${field}`;
  if (hasText(t, namespace, labels, shared)) return { column: { field, header: shared, cell: 'text' }, labels };
  const formField = formFieldFor(definition, field);
  const fieldsKey = `fields.${field}`;
  const text =
    (formField ? formFieldLabel(t, namespace, definition, labels, formField) : undefined) ??
    (hasText(t, namespace, labels, fieldsKey) ? t(fieldsKey) : humanise(field));
  return { column: { field, header: `${namespace}.columns.${field}`, cell: 'text' }, labels: withLabel(labels, `columns.${field}`, text) };
}
