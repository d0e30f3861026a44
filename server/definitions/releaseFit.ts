import type { Messages } from '../../common/i18nResources.js';
import { upgradeDefinition } from '../../common/upgradeDefinition.js';
import { isObject, type Path, type Problem } from './check/problem.js';
import { mergeDefinitions, type MergeConflict } from './mergeDefinitions.js';

/**
 * The complete check of a definition and its labels, as a publish runs it (the screen service's
 * `check`): every problem at its path, none when it fits the running code.
 */
export type DefinitionCheck = (name: string, input: { definition: unknown; labels: unknown }) => Problem[] | Promise<Problem[]>;

/** The newest published version does not fit the running code: the built-in file serves it meanwhile. */
export interface UnfitVersion {
  version: number;
  /** In staff's words, from the first problems: 'Version 7 no longer fits this release: the list column `website` is no longer served'. */
  reason: string;
  /** The complete check's problems of what would have served (the version, or its changes re-applied onto the new file). */
  problems: Problem[];
}

/** A release changed what the newest published version changed too, differently: the built-in file serves meanwhile. */
export interface ConflictingVersion {
  version: number;
  /** In staff's words: 'Version 7 and this release both changed the list column `names` (its header): …'. */
  reason: string;
  /** Each part both changed: its path in the repair draft, and what each side holds, in words. */
  conflicts: Problem[];
}

/** A definition with its labels. */
export interface ScreenContent {
  definition: Record<string, unknown>;
  labels: Messages;
}

/** What a published version holds for the fit: its definition and labels, and the built-in file and labels it was made from (null: unknown). */
export interface PublishedVersion {
  version: number;
  definition: unknown;
  labels: unknown;
  baseFile: unknown;
  baseLabels: unknown;
}

/**
 * How a published version serves with the running code:
 * - `use`: what serves, the version as published, or `rebased` (its changes re-applied onto the
 *   release's new file); none when the built-in file serves;
 * - `unfit` or `conflict`: why the built-in file serves, with `repair`, the draft to repair it from
 *   (the version, or the merge with the new file's side at each conflict).
 */
export interface ReleaseFit {
  use?: ScreenContent & { rebased: boolean };
  unfit?: UnfitVersion;
  conflict?: ConflictingVersion;
  repair?: ScreenContent;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Read as the file's meta-schema version when written for another one. */
const asFile = (definition: unknown, file: Record<string, unknown>) =>
  isObject(definition) && definition.$schemaVersion !== file.$schemaVersion ? upgradeDefinition(definition) : definition;

/**
 * Fits the newest published version of a screen to the running code (docs/screens-at-run-time.md,
 * 'Releases'): when the built-in file is no longer the one the version was made from, staff's
 * changes are re-applied onto the new file (a three-way merge, server/definitions/mergeDefinitions.ts);
 * a conflict is never settled: the built-in file serves, and the merge is offered for repair.
 * What would serve is then checked completely (`check`); a version that no longer fits is not
 * used either. A version without a recorded base (published before it was recorded) is only checked.
 */
export async function fitVersion(name: string, builtIn: ScreenContent, row: PublishedVersion, check: DefinitionCheck | undefined): Promise<ReleaseFit> {
  const published: ScreenContent = { definition: row.definition as Record<string, unknown>, labels: (row.labels ?? builtIn.labels) as Messages };
  let candidate = published;
  let rebased = false;
  const fileChanged =
    row.baseFile !== null &&
    row.baseFile !== undefined &&
    (!same(row.baseFile, builtIn.definition) || (row.baseLabels != null && !same(row.baseLabels, builtIn.labels)));
  if (fileChanged) {
    const definition = mergeDefinitions(
      asFile(row.baseFile, builtIn.definition),
      asFile(published.definition, builtIn.definition) as Record<string, unknown>,
      builtIn.definition,
    );
    // Labels without a recorded base are the version's own.
    const labels = row.baseLabels == null ? { merged: published.labels, conflicts: [] } : mergeDefinitions(row.baseLabels, published.labels, builtIn.labels);
    candidate = { definition: definition.merged, labels: labels.merged };
    rebased = true;
    const conflicts = [
      ...definition.conflicts,
      ...labels.conflicts.map((conflict) => ({
        ...conflict,
        path: `labels.${conflict.path}`,
        segments: ['labels', ...conflict.segments],
        named: ['labels', ...conflict.named],
      })),
    ];
    if (conflicts.length) {
      const sides = [candidate.definition, published.definition];
      return {
        conflict: {
          version: row.version,
          reason: conflictReason(row.version, conflicts, sides),
          conflicts: conflicts.map((conflict) => ({ path: conflict.path, message: conflictWords(conflict, sides) })),
        },
        repair: candidate,
      };
    }
  }
  let problems: Problem[];
  try {
    problems = (await check?.(name, candidate)) ?? [];
  } catch (error) {
    problems = [{ path: '(definition)', message: `could not be checked: ${(error as Error).message}` }];
  }
  if (problems.length)
    return { unfit: { version: row.version, reason: unfitReason(row.version, problems, [candidate.definition]), problems }, repair: candidate };
  return { use: { ...candidate, rebased } };
}

/** A version that turned out not to be readable as in use (its meta-schema): unfit, with the error as its problem. */
export function unreadable(version: number, definition: unknown, labels: unknown, fallback: Messages, error: unknown): ReleaseFit {
  const problems = [{ path: '(definition)', message: (error as Error).message }];
  return {
    unfit: { version, reason: unfitReason(version, problems, [definition]), problems },
    repair: { definition: definition as Record<string, unknown>, labels: (labels ?? fallback) as Messages },
  };
}

/** How many problems or conflicts a reason names; the others are counted. */
const NAMED = 2;

function unfitReason(version: number, problems: readonly Problem[], definitions: readonly unknown[]): string {
  const named = problems.slice(0, NAMED).map((problem) => problemWords(problem, definitions));
  return `Version ${version} no longer fits this release: ${named.join('; ')}${more(problems.length)}`;
}

function conflictReason(version: number, conflicts: readonly MergeConflict[], definitions: readonly unknown[]): string {
  const named = [
    ...new Set(
      conflicts.map((conflict) => (conflict.kind === 'order' ? `the order of ${placeOf(conflict.named, definitions)}` : placeOf(conflict.named, definitions))),
    ),
  ];
  return `Version ${version} and this release both changed ${named.slice(0, NAMED).join(' and ')}${more(named.length)}: the built-in file serves until a repaired draft is published`;
}

const more = (count: number) => (count > NAMED ? ` (and ${count - NAMED} more)` : '');

/** A message inside a sentence: without its final full stop. */
const inSentence = (message: string) => message.replace(/\.$/, '');

/** A check's problem in staff's words: where, then what (`the list column \`website\` is no longer served`). */
function problemWords(problem: Problem, definitions: readonly unknown[]): string {
  const place = placeOf(pathSegments(problem.path), definitions);
  // A column, a filter or a search the list no longer serves: the code changed under the version.
  if (/^"[^"]*" is not (returned|accepted) by GET /.test(problem.message)) return `${place} is no longer served`;
  return `${place}: ${inSentence(problem.message)}`;
}

/** What each side holds at a conflict, in words: 'the list column `names` (its header): this version says "English name", the release "Name"'. */
function conflictWords(conflict: MergeConflict, definitions: readonly unknown[]): string {
  const place = placeOf(conflict.named, definitions);
  if (conflict.kind === 'order') return `the order of ${place}: this version and the release ordered it differently`;
  const side = (value: unknown) => (value === undefined ? 'removes it' : `says ${JSON.stringify(value)}`);
  return `${place}: this version ${side(conflict.published)}, the release ${side(conflict.next)}`;
}

/** `list.columns.4.field` → ['list', 'columns', 4, 'field']; a quoted key (`["a.b"]`) as one segment. */
function pathSegments(path: string): Path {
  return [...path.matchAll(/\[("(?:[^"\\]|\\.)*")\]|([^.[\]]+)/g)].map(([, quoted, plain]) =>
    quoted ? (JSON.parse(quoted) as string) : /^\d+$/.test(plain!) ? Number(plain) : plain!,
  );
}

/** The name of a list's item at an index, as the first definition holding it says (a name already when not an index). */
function itemName(definitions: readonly unknown[], list: Path, index: string | number | undefined, key: string): string {
  if (typeof index === 'string') return index;
  for (const definition of definitions) {
    const items = list.reduce<unknown>(
      (node, segment) => (isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined),
      definition,
    );
    const item = Array.isArray(items) ? (items as unknown[])[Number(index)] : undefined;
    if (isObject(item) && (typeof item[key] === 'string' || typeof item[key] === 'number')) return String(item[key]);
  }
  return `#${String(index)}`;
}

/** Where a path points in a definition, in staff's words (`the list column \`website\``, `the form field \`names\` (its maxLength)`). */
function placeOf(segments: Path, definitions: readonly unknown[]): string {
  const [first, second, third, ...rest] = segments.map(String);
  const its = (tail: string[], own?: string) => {
    const words = tail.filter((segment, index) => !(index === 0 && segment === own));
    return words.length ? ` (its ${words.join('.')})` : '';
  };
  const item = (kind: string, key: string) =>
    `${kind} \`${itemName(definitions, segments.slice(0, 2), segments[2], key)}\`${its(segments.slice(3).map(String), key)}`;
  if (first === 'list') {
    if (second === 'columns' && third !== undefined) return item('the list column', 'field');
    if (second === 'filters' && third !== undefined) return item('the list filter', 'param');
    if (second === 'bulkActions' && third !== undefined) return item('the bulk action', 'name');
    if (second === 'columns') return 'the list’s columns';
    if (second === 'filters') return 'the list’s filters';
    if (second === 'search') return 'the list’s search';
    return second === undefined ? 'the list' : `the list’s \`${second}\``;
  }
  if (first === 'form') {
    if (second === 'schema' && third === 'properties' && rest[0] !== undefined) return `the form field \`${rest[0]}\`${its(rest.slice(1))}`;
    if (second === 'schema' && third === 'required') return 'the form’s required fields';
    if (second === 'schema') return `the form’s rules${third === undefined ? '' : ` (${[third, ...rest].join('.')})`}`;
    if (second === 'uiSchema' && third === 'ui:order') return 'the order of the form’s fields';
    if (second === 'uiSchema' && third === 'ui:options' && rest[0] === 'tabs') return 'the form’s tabs';
    if (second === 'uiSchema' && third !== undefined && !third.startsWith('ui:')) return `the form field \`${third}\`${its(rest)}`;
    if (second === 'uiSchema') return `the form’s layout${third === undefined ? '' : ` (${[third, ...rest].join('.')})`}`;
    return second === undefined ? 'the form' : `the form’s \`${second}\``;
  }
  if (first === 'menu') return 'the menu entry';
  if (first === 'title' && second === undefined) return 'the screen’s title';
  if (first === 'labels') return second === undefined ? 'the labels' : `the label \`${segments.slice(1).join('.')}\``;
  if (first === undefined || first === '' || first === '(definition)') return 'the definition';
  return `the screen’s \`${segments.join('.')}\``;
}
