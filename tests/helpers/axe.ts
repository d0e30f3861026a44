import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const source = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One accessibility failure as the tests report it: the rule, its impact, and where. */
export interface AxeProblem {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * The serious and critical WCAG 2.1 A/AA violations axe-core finds on the page as it is now, its
 * transitions run to their end.
 * axe is evaluated through the DevTools protocol, not as a script tag, so the page's
 * Content-Security-Policy stays as strict as in use (a script tag would be a violation).
 */
export async function axeProblems(page: Page, selector?: string): Promise<AxeProblem[]> {
  // The page as it settles: a colour still in its transition (a button just chosen, on a busy
  // machine) would be judged half-way. An endless animation (a spinner) cannot finish: it stays.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      try {
        animation.finish();
      } catch {
        // endless
      }
    }
  });
  await page.evaluate(source);
  const violations = await page.evaluate(async (context) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: unknown,
            options: unknown,
          ): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(context ?? document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations;
  }, selector ?? null);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}
