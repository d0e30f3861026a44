import { RE2JS } from 're2js';

/** What Ajv's generated code asks of a `pattern`: an unanchored search. */
export interface LinearRegExp {
  test(text: string): boolean;
  toString(): string;
}

/** Patterns at most this long: a pattern is a rule on one field, not a program. */
export const MAX_PATTERN_LENGTH = 500;

/**
 * A form schema's `pattern` run by RE2 (re2js, the JavaScript port of Google's RE2): matching
 * takes time linear in the text whatever the pattern, so a pattern staff publish (`^(a+)+$`)
 * cannot hold the server or a browser. The one engine of every form's patterns: the server's
 * validators and the browser's (the `code.regExp` of common/ajvOptions.ts; generated code reaches
 * it as `require("common/linearRegExp").linearRegExp`). Throws on a pattern RE2 cannot run
 * (look-arounds, back-references), which the definitions' check reports at its path.
 */
export function linearRegExp(pattern: string, _flags?: string): LinearRegExp {
  // RE2 reads text as Unicode code points, as a JavaScript pattern with the `u` flag does.
  const compiled = RE2JS.compile(pattern);
  return { test: (text) => compiled.test(text), toString: () => `/${pattern}/u` };
}
/** The module name generated code requires it by (server/definitions/validatorModule.ts binds it). */
linearRegExp.code = 'require("common/linearRegExp").linearRegExp';

/** Why RE2 cannot run a pattern, in staff's words; undefined when it can. */
export function patternProblem(pattern: string): string | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH) return `is ${pattern.length} characters long: a pattern holds at most ${MAX_PATTERN_LENGTH}`;
  try {
    RE2JS.compile(pattern);
    return undefined;
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, '');
    return `is not a pattern the forms can run in linear time (${reason}): use no look-around or back-reference`;
  }
}
