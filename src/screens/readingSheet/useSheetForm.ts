import { getDefaultFormState, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { READING_SHEET_SCREEN, readingSheetShownSchema, type FormScreenDefinition } from '../../../common/readingSheetForm';
import { formValidatorFor } from '../../engine/form/validator';
import { formDefinitionOf, useFormDefinition } from '../../engine/resource/definitions';

/**
 * The reading-sheet editor's form as in use: the screen `readingSheet` the server sends (its
 * built-in version is schemas/books/readingSheet.schema.json with readingSheet.ui.json; staff may
 * publish others, docs/screens-at-run-time.md), and what the screens derive from it.
 */
export interface SheetForm {
  /** The save's JSON Schema (its writable fields: `sheetPayload`). */
  serverSchema: RJSFSchema;
  /**
   * The form's schema: the server's, dereferenced, without descriptions and the root title, plus
   * the stored-file properties the `fileList` fields show, minus `withNotification` (set by the save
   * button, not a field; common/readingSheetForm.ts). Labels come from the UI schema's `ui:title` keys.
   */
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** The form schema's top-level properties. */
  properties: string[];
  /** Top-level translatable fields (the 24 per-language maps), in form order. */
  translatableFields: string[];
  /** A new sheet as the form starts it: the schema's defaults (status 1, rights status 4, flags 0); needs the validators loaded. */
  defaults(): Record<string, unknown>;
}

const forms = new WeakMap<object, SheetForm>();

/** The form of a definition of the editor, built once per definition. */
export function sheetFormOf(definition: FormScreenDefinition['form']): SheetForm {
  const known = forms.get(definition);
  if (known) return known;
  const schema = readingSheetShownSchema(definition.schema) as RJSFSchema;
  const uiSchema = definition.uiSchema as UiSchema;
  const order = Array.isArray(uiSchema['ui:order']) ? (uiSchema['ui:order'] as string[]) : Object.keys(schema.properties ?? {});
  let defaults: Record<string, unknown> | undefined;
  const form: SheetForm = {
    serverSchema: definition.schema as RJSFSchema,
    schema,
    uiSchema,
    properties: Object.keys(schema.properties ?? {}),
    translatableFields: order.filter((field) => (uiSchema[field] as UiSchema | undefined)?.['ui:field'] === 'translatable'),
    defaults: () => (defaults ??= getDefaultFormState(formValidatorFor(schema), schema, {}, schema) as Record<string, unknown>),
  };
  forms.set(definition, form);
  return form;
}

/** The editor's form in use now (outside React: a save's payload). */
export function sheetForm(): SheetForm {
  return sheetFormOf(formDefinitionOf(READING_SHEET_SCREEN));
}

/** The editor's form in use, rendering again when a newer version is published. */
export function useSheetForm(): SheetForm {
  return sheetFormOf(useFormDefinition(READING_SHEET_SCREEN));
}
