import type { ErrorSchema, UiSchema } from '@rjsf/utils';
import { LOCALES, type Locale } from '../../../common/locales';
import type { FieldErrors } from '../../../common/validation';

/**
 * A form tab: its label key and the top-level fields it holds (`ui:options.tabs` of the root UI
 * schema). A tab may also hold sub-tabs (`tabs`), shown as a second row of tabs inside it; their
 * fields count as the tab's own (after its `fields`, which are shown above the sub-tabs).
 */
export interface FormTab {
  label: string;
  fields: string[];
  tabs?: FormTab[];
}

/** Dotted server keys (`names.fr`, `seriesList.2.name`) as the nested RJSF error schema. */
export function toErrorSchema(errors: FieldErrors): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const segments = key === '_' || key === '' ? [] : key.split('.');
    let node = root;
    for (const segment of segments) node = (node[segment] ??= {}) as Record<string, unknown>;
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), ...messages];
  }
  return root as ErrorSchema;
}

/** The form tabs declared in the root UI schema, if any; a tab's `fields` include those of its sub-tabs. */
export function formTabs(uiSchema: UiSchema | undefined): FormTab[] {
  const declared = ((uiSchema?.['ui:options'] as { tabs?: Partial<FormTab>[] } | undefined)?.tabs ?? []) as Partial<FormTab>[];
  return declared.map((tab) => {
    const tabs = (tab.tabs ?? []).map((sub) => ({ label: sub.label ?? '', fields: sub.fields ?? [] }));
    const fields = [...(tab.fields ?? []), ...tabs.flatMap((sub) => sub.fields)];
    return tabs.length ? { label: tab.label ?? '', fields, tabs } : { label: tab.label ?? '', fields };
  });
}

/** The index of the sub-tab of `tab` that holds a top-level field, or undefined. */
export function subTabOf(tab: FormTab | undefined, field: string): number | undefined {
  const index = tab?.tabs?.findIndex((sub) => sub.fields.includes(field)) ?? -1;
  return index === -1 ? undefined : index;
}

/** Top-level field order: `ui:order` first, then the schema's properties. */
export function fieldOrder(schemaProperties: string[], uiSchema: UiSchema | undefined): string[] {
  const declared = ((uiSchema?.['ui:order'] as string[] | undefined) ?? []).filter((f) => f !== '*');
  return [...declared, ...schemaProperties.filter((p) => !declared.includes(p))];
}

/** Where the first error is: its key, the form tab that holds it and, for a translatable value, its locale. */
export interface ErrorLocation {
  key: string;
  tab: number | undefined;
  locale: Locale | undefined;
}

/**
 * Picks the error the view should show first: the first field in form order (tab order when
 * the form has tabs), and within a translatable value the first locale in tab order.
 */
export function firstErrorLocation(errors: FieldErrors, order: string[], tabs: FormTab[] = []): ErrorLocation | undefined {
  const keys = Object.keys(errors);
  if (keys.length === 0) return undefined;
  const tabIndex = (field: string) => {
    const index = tabs.findIndex((tab) => tab.fields.includes(field));
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  const rank = (key: string) => {
    const segments = key.split('.');
    const root = segments[0]!;
    const fieldIndex = order.indexOf(root) === -1 ? Number.MAX_SAFE_INTEGER : order.indexOf(root);
    const locale = segments.find((s) => (LOCALES as readonly string[]).includes(s));
    const localeIndex = locale ? LOCALES.indexOf(locale as Locale) : -1;
    return [tabs.length ? tabIndex(root) : 0, fieldIndex, key.replace(/\.(en|fr|es|de|it)(\.|$)/, '$2'), localeIndex] as const;
  };
  const sorted = [...keys].sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    for (let i = 0; i < ra.length; i++) {
      if (ra[i] === rb[i]) continue;
      return ra[i]! < rb[i]! ? -1 : 1;
    }
    return 0;
  });
  const key = sorted[0]!;
  const root = key.split('.')[0]!;
  const locale = key.split('.').find((s) => (LOCALES as readonly string[]).includes(s)) as Locale | undefined;
  const tab = tabs.length ? tabs.findIndex((t) => t.fields.includes(root)) : -1;
  return { key, tab: tab === -1 ? undefined : tab, locale };
}

/** Drops the server errors of fields whose value changed, so a corrected field loses its message. */
export function clearEditedErrors(errors: FieldErrors, before: unknown, after: unknown): FieldErrors {
  const at = (data: unknown, key: string) =>
    key.split('.').reduce<unknown>((node, segment) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined), data);
  const kept = Object.entries(errors).filter(([key]) => JSON.stringify(at(before, key)) === JSON.stringify(at(after, key)));
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}
