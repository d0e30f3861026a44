/** One thing a definition says that would be ignored or break: where, and what to do about it. */
export interface DefinitionProblem {
  /** The definition: a screen's resource (`genres`). */
  definition: string;
  /** Dotted JSON path inside the definition, as staff read it: `form.uiSchema.color.ui:widget`. */
  path: string;
  /** In words, with the fix: `"colour" is not a widget; known: color, …`. */
  message: string;
}

/** A problem of one definition (the definition is known to the caller). */
export type Problem = Omit<DefinitionProblem, 'definition'>;

/** A JSON path as segments: `['form', 'uiSchema', 'color', 'ui:widget']`. */
export type Path = readonly (string | number)[];

/** Collects problems at a path. */
export type Report = (path: Path, message: string) => void;

/** `form.uiSchema.color.ui:widget`; a key holding a dot or a space is written `["a.b"]`. */
export function dotted(path: Path): string {
  return path.reduce<string>((text, segment) => {
    const key = String(segment);
    if (/[.\s[\]"]/.test(key) || key === '') return `${text}[${JSON.stringify(key)}]`;
    return text === '' ? key : `${text}.${key}`;
  }, '');
}

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** `a, b and c` for a message; `none` when empty. */
export const listed = (names: Iterable<string>): string => [...names].join(', ') || 'none';
