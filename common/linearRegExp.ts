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
  const compiled = compile(pattern);
  return { test: (text) => compiled.test(text), toString: () => `/${pattern}/u` };
}

/** Compiled patterns kept: a check, the server's validator and the module's load of one schema compile each pattern once. */
const KEPT = 200;
const compiledPatterns = new Map<string, RE2JS>();

/** RE2's program of a pattern, from the most recently used ones; throws as RE2JS.compile does. */
function compile(pattern: string): RE2JS {
  let compiled = compiledPatterns.get(pattern);
  if (compiled) compiledPatterns.delete(pattern);
  else compiled = RE2JS.compile(pattern);
  compiledPatterns.set(pattern, compiled);
  if (compiledPatterns.size > KEPT) compiledPatterns.delete(compiledPatterns.keys().next().value!);
  return compiled;
}
/** The module name generated code requires it by (server/definitions/validatorModule.ts binds it). */
linearRegExp.code = 'require("common/linearRegExp").linearRegExp';

/**
 * The most instructions a pattern's RE2 program may hold. RE2 matches in time linear in the text,
 * times the program's size: `(\w+\s?){1,1000}$` compiles to thousands of instructions and took a
 * second on 10,000 characters. A rule on a field (a code, a colour, a date) takes a few dozen.
 */
export const MAX_PATTERN_PROGRAM = 400;

/** The size of a compiled pattern's program (re2js's own, read where it keeps it). */
function programSize(compiled: RE2JS): number {
  const program = (compiled as unknown as { re2Input?: { prog?: { inst?: unknown[] } } }).re2Input?.prog?.inst;
  if (!Array.isArray(program)) throw new Error('re2js keeps its program elsewhere: the pattern bound cannot be read');
  return program.length;
}

/** Why RE2 cannot run a pattern, or not fast enough, in staff's words; undefined when it can. */
export function patternProblem(pattern: string): string | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH) return `is ${pattern.length} characters long: a pattern holds at most ${MAX_PATTERN_LENGTH}`;
  let compiled: RE2JS;
  try {
    compiled = compile(pattern);
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, '');
    return `is not a pattern the forms can run in linear time (${reason}): use no look-around or back-reference`;
  }
  if (programSize(compiled) > MAX_PATTERN_PROGRAM) return 'is too complex to check quickly: use fewer or smaller repeats ({n,m}) and alternatives';
  return undefined;
}
