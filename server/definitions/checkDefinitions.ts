import type { ScreenDefinition } from '../../common/screenDefinition.js';
import type { ResourceSurface } from '../engine/declaration.js';
import { checkContext, type CheckContext } from './check/checkContext.js';
import { checkScreen } from './check/checkScreen.js';
import type { DefinitionProblem, Problem } from './check/problem.js';

export { checkContext, type CheckContext } from './check/checkContext.js';
export { checkScreen } from './check/checkScreen.js';
export type { DefinitionProblem } from './check/problem.js';

/**
 * The one check of the screen definitions, run by `npm run build` (scripts/check-definitions.ts), the
 * server's start (server/app.ts) and, for one definition, by its publish (`checkScreen`). Everything
 * a definition says that the server or the panel would ignore or break on, as
 * `{ definition, path, message }` (path dotted: `form.uiSchema.color.ui:widget`); empty when all is honoured.
 * Refuses, besides what the meta-schema refuses:
 * - a list column the list does not return, a filter or search parameter it does not accept, a
 *   `deleteWhen` its rows lack; a form field the server does not store (a returned read-only one
 *   must say `readOnly`), a file field not stored or in a form that is not `multipart`;
 * - a widget, field, cell or filter widget that is not registered; a choosing filter without
 *   choices, options on a filter offering none;
 * - a `ui:options` key (or `ui:<name>` key, the same option for RJSF) its widget or field does not
 *   declare (common/widgetOptions/), one of the wrong type, or a missing one it needs;
 * - tabs and `ui:order` that disagree with the schema (a field in no tab, a tab or order naming no
 *   field, an order missing one without `"*"`), a UI key naming no field;
 * - an i18n key missing from src/i18n/locales/en, a `labelKeys` prefix holding none;
 * - a route name used twice or naming no route (`rowRoute`, a record link's `route`), a
 *   `highlight` that is no menu path, an embedded screen list naming no screen;
 * - an option source whose `api` no route serves, whose `searchParam` it does not accept or whose
 *   fields its rows lack; an `addLabel` no add button shows; a `$ref` resolving to nothing.
 */
export function checkDefinitions(
  screens: Iterable<ScreenDefinition>,
  options: { resources?: readonly ResourceSurface[]; context?: CheckContext } = {},
): DefinitionProblem[] {
  const all = [...screens];
  const context = options.context ?? checkContext(all, { resources: options.resources });
  const problems: DefinitionProblem[] = [];
  const add = (definition: string, found: Problem[]) => problems.push(...found.map((problem) => ({ definition, ...problem })));
  for (const screen of all) add(screen.resource, checkScreen(screen, context));
  return problems;
}

/** Problems as the build and the start print them, `file: path message` (`schemas/genres.screen.json: list.columns.4.field "colour" is not returned…`). */
export function formatProblems(problems: readonly DefinitionProblem[]): string[] {
  return problems.map(({ definition, path, message }) => `schemas/${definition}.screen.json: ${path || '(root)'} ${message}`);
}

/** Throws one error listing every problem `checkDefinitions` finds (server start, build). */
export function assertDefinitionsHonoured(screens: Iterable<ScreenDefinition>): void {
  const problems = formatProblems(checkDefinitions(screens));
  if (problems.length) throw new Error(`Screen definitions the server would not honour:\n${problems.join('\n')}`);
}
