import { getDefaultFormState, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { dereferenceSchema } from '../../../common/dereferenceSchema';
import { formValidatorFor } from '../../engine/form/validator';
import { screenOf, useScreen } from '../../engine/resource/definitions';
import { SHEET_SCREEN } from './sheetRoute';

/**
 * The reading-sheet editor's form as in use: the form of the screen `reading-sheets` the server
 * sends (built-in in schemas/reading-sheets.screen.json; staff may publish others,
 * docs/screens-at-run-time.md), and what the screens derive from it.
 */
export interface SheetForm {
  /** The form's JSON Schema, the save's (its writable fields: `sheetPayload`; the stored files' lists are `readOnly`). Labels come from the UI schema's `ui:title` keys. */
  schema: RJSFSchema;
  /** The same schema with its `$ref`s resolved, for code that reads what a field is (an array, an object). */
  resolved: RJSFSchema;
  uiSchema: UiSchema;
  /** The form schema's top-level properties. */
  properties: string[];
  /** Top-level translatable fields (the 24 per-language maps), in form order. */
  translatableFields: string[];
  /** A new sheet as the form starts it: the schema's defaults (status 1, rights status 4, flags 0); needs the validators loaded. */
  defaults(): Record<string, unknown>;
}

type ScreenForm = NonNullable<ReturnType<typeof screenOf>['form']>;

const forms = new WeakMap<object, SheetForm>();

/** The form of a version of the sheets' screen, built once per version. */
export function sheetFormOf(definition: ScreenForm): SheetForm {
  const known = forms.get(definition);
  if (known) return known;
  const schema = definition.schema as RJSFSchema;
  const uiSchema = (definition.uiSchema ?? {}) as UiSchema;
  const order = Array.isArray(uiSchema['ui:order']) ? (uiSchema['ui:order'] as string[]) : Object.keys(schema.properties ?? {});
  let defaults: Record<string, unknown> | undefined;
  const form: SheetForm = {
    schema,
    resolved: dereferenceSchema(schema),
    uiSchema,
    properties: Object.keys(schema.properties ?? {}),
    translatableFields: order.filter((field) => (uiSchema[field] as UiSchema | undefined)?.['ui:field'] === 'translatable'),
    defaults: () => (defaults ??= getDefaultFormState(formValidatorFor(schema), schema, {}, schema) as Record<string, unknown>),
  };
  forms.set(definition, form);
  return form;
}

function formOf(screen: ReturnType<typeof screenOf>): ScreenForm {
  if (!screen.form) throw new Error(`The screen ${SHEET_SCREEN} in use has no form: the reading-sheet editor renders it`);
  return screen.form;
}

/** The editor's form in use now (outside React: a save's payload). */
export function sheetForm(): SheetForm {
  return sheetFormOf(formOf(screenOf(SHEET_SCREEN)));
}

/** The editor's form in use, rendering again when a newer version is published. */
export function useSheetForm(): SheetForm {
  return sheetFormOf(formOf(useScreen(SHEET_SCREEN)));
}
