import type { ScreenProblem } from '../studioCalls';

/** The messages of the problems at a path or inside it (`list.columns.4` takes `list.columns.4.field`). */
export function problemsAt(problems: readonly ScreenProblem[], path: string): string[] {
  return problems
    .filter((problem) => problem.path === path || problem.path.startsWith(`${path}.`) || problem.path.startsWith(`${path}[`))
    .map((problem) => `${problem.path}: ${problem.message}`);
}
