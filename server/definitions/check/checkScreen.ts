import { upgradeDefinition } from '../../../common/upgradeDefinition.js';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { expandScreen } from '../../../common/expandTranslations.js';
import { screenMetaSchema, type ScreenDefinition } from '../../../common/screenDefinition.js';
import { checkAddLabels } from './checkAddLabels.js';
import { checkBulkActions } from './checkBulkActions.js';
import type { CheckContext } from './checkContext.js';
import { checkFilterOptions } from './checkFilterOptions.js';
import { checkI18n, checkI18nKey } from './checkI18n.js';
import { checkLayout } from './checkLayout.js';
import { checkUiNames } from './checkNames.js';
import { checkOptions } from './checkOptions.js';
import { checkRefs } from './checkRefs.js';
import { checkRoutes } from './checkRoutes.js';
import { checkSchemaLanguage, checkSecureSchema } from './checkSchemaLanguage.js';
import { checkServedList, checkStoredForm } from './checkServed.js';
import { checkSource, checkUiReferences } from './checkUiReferences.js';
import { dotted, isObject, type Json, type Path, type Problem, type Report } from './problem.js';

let validateMeta: ValidateFunction | undefined;

/** A form's JSON Schema and UI schema (a screen's `form`). */
interface FormParts {
  schema: unknown;
  uiSchema?: unknown;
}

/** Collects problems as `{ path, message }`. */
function collector(): { problems: Problem[]; report: Report } {
  const problems: Problem[] = [];
  return { problems, report: (path, message) => problems.push({ path: dotted(path), message }) };
}

/**
 * Everything one form says that would be ignored or break: unknown widgets and fields, options they
 * do not take or of the wrong type, tabs and `ui:order` that disagree with the schema, broken
 * `$ref`s, option sources and routes nothing serves, add labels no button shows, missing i18n keys.
 * Paths start with `form.schema` and `form.uiSchema`.
 */
function checkForm(form: FormParts, context: CheckContext, report: Report): void {
  const base = { schema: ['form', 'schema'], uiSchema: ['form', 'uiSchema'] } satisfies Record<string, Path>;
  checkRefs(form.schema, base.schema, report);
  checkUiNames(form.uiSchema, base.uiSchema, report);
  checkOptions(form.uiSchema, base.uiSchema, report);
  checkLayout(form.schema, form.uiSchema, base, report);
  checkUiReferences(form.uiSchema, base.uiSchema, context, report);
  checkAddLabels(form.uiSchema, form.schema, base.uiSchema, report);
  checkI18n(form.schema, base.schema, context.i18nKeys, report, 'schema');
  checkI18n(form.uiSchema, base.uiSchema, context.i18nKeys, report);
}

/**
 * Every problem of one screen definition, as stored or as loaded (its `translations` are expanded
 * here, common/expandTranslations.ts, which leaves an expanded schema as it is),
 * checked against `context` (checkContext: the served lists, the other screens, the English texts),
 * as `{ path, message }`; empty when the server and the panel honour all it says. A definition
 * the meta-schema refuses gets those problems only. Usable on a definition from any source (a file,
 * the database, a publish request).
 */
export function checkScreen(stored: unknown, context: CheckContext): Problem[] {
  const { problems, report } = collector();
  let definition: unknown;
  try {
    const upgraded = upgradeDefinition(stored);
    // The form's schema is in the closed language before anything reads it further (checkSchemaLanguage).
    const schema = isObject(upgraded) && isObject(upgraded.form) ? upgraded.form.schema : undefined;
    if (schema !== undefined && !checkSchemaLanguage(schema, ['form', 'schema'], report)) return problems;
    definition = expandScreen(upgraded);
  } catch (error) {
    // `/form/schema/properties/names/translations replaces "properties"…`
    const text = (error as Error).message;
    const space = text.indexOf(' ');
    report(
      text
        .slice(1, space)
        .split('/')
        .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~')),
      text.slice(space + 1),
    );
    return problems;
  }
  validateMeta ??= new Ajv({ allErrors: true, strict: false }).compile(screenMetaSchema);
  if (!validateMeta(definition)) {
    for (const error of validateMeta.errors ?? []) {
      const segments = error.instancePath
        .split('/')
        .slice(1)
        .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
      report(segments, metaMessage(error, definition));
    }
    return problems;
  }
  const screen = definition as ScreenDefinition;
  const served = context.lists.get(screen.api);
  if (!served?.surface) {
    report(['api'], `"${screen.api}" is served by no declared resource (server/resources)`);
    return problems;
  }
  checkServedList(screen, served, report);
  checkBulkActions(screen, served, context.lists, report);
  checkFilterOptions(screen, report);
  (screen.list?.filters ?? []).forEach((filter, index) => {
    if (filter.options?.api) checkSource(filter.options as Json, ['list', 'filters', index, 'options'], context.lists, report, false);
  });
  checkRoutes(screen, context, report);
  checkI18n({ title: screen.title, menu: screen.menu, list: screen.list }, [], context.i18nKeys, report);
  if (screen.form) {
    checkSecureSchema(screen.form.schema, ['form', 'schema'], report);
    checkStoredForm(screen, served.record ?? served.surface, report);
    for (const group of ['title', 'submitLabel'] as const) {
      for (const [key, value] of Object.entries(screen.form[group] ?? {})) checkI18nKey(value, ['form', group, key], context.i18nKeys, report);
    }
    checkForm(screen.form, context, report);
  }
  return problems;
}

/** A meta-schema error in words: a value not among the allowed ones (a cell, a filter widget) lists them. */
function metaMessage(error: ErrorObject, definition: unknown): string {
  const params = error.params as Record<string, unknown>;
  const value = error.instancePath
    .split('/')
    .slice(1)
    .reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Json)[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), definition);
  const last = error.instancePath.split('/').pop();
  const what = last === 'cell' ? 'a cell' : last === 'widget' ? 'a filter widget' : undefined;
  if (error.keyword === 'enum' && what) return `${JSON.stringify(value)} is not ${what}; known: ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
  if (error.keyword === 'enum')
    return `${JSON.stringify(value)} is not one of ${(params.allowedValues as unknown[]).map(String).join(', ')} (schemas/screen.schema.json)`;
  if (error.keyword === 'additionalProperties')
    return `has "${String(params.additionalProperty)}", which a screen definition does not take (schemas/screen.schema.json)`;
  return `${error.message ?? 'is not valid'} (schemas/screen.schema.json)`;
}
