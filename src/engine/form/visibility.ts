import { getUiOptions, type UiSchema } from '@rjsf/utils';

/**
 * `ui:options.visibleWhen` of a field: shown only while another top-level field of the form has
 * one of some values, e.g. `{ "field": "type", "equals": 1 }` or `{ "field": "type", "in": [1, 2] }`.
 * A hidden field keeps its value; the form schema decides what the value must be in each case
 * (`if`/`then` on the same field).
 */
export interface VisibleWhen {
  field: string;
  equals?: unknown;
  in?: unknown[];
}

/** True when the field of this UI schema is to be shown for the form's current data. */
export function isVisible(uiSchema: UiSchema | undefined, formData: Record<string, unknown> | undefined): boolean {
  const rule = getUiOptions(uiSchema).visibleWhen as VisibleWhen | undefined;
  if (!rule || typeof rule !== 'object' || typeof rule.field !== 'string') return true;
  const value = formData?.[rule.field];
  if (Array.isArray(rule.in)) return rule.in.some((candidate) => candidate === value);
  return value === rule.equals;
}
