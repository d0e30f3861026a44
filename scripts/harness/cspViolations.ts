import type { BrowserContext } from 'playwright-core';

/** Violations seen since the last `takeCspViolations()`, each with the page it happened on. */
const seen: string[] = [];

/** Chromium's console wording for anything the policy blocked or would have blocked. */
const CSP_MESSAGE = /Content Security Policy/i;

const BINDING = '__reportCspViolation';

/**
 * Records every Content-Security-Policy violation of every page of `context`, popups included:
 * the `securitypolicyviolation` event of each document (which names the directive and the blocked
 * source), and Chromium's console message (which also covers what no document event reports).
 */
export async function watchCspViolations(context: BrowserContext): Promise<void> {
  context.on('console', (message) => {
    if (CSP_MESSAGE.test(message.text())) seen.push(`${message.page()?.url() ?? 'a page'}: console: ${message.text()}`);
  });
  await context.exposeBinding(BINDING, ({ page }, detail: string) => {
    seen.push(`${page.url()}: ${detail}`);
  });
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (detail: string) => void>)[binding];
      report?.(`${event.effectiveDirective} refused ${event.blockedURI || 'inline code'} (${event.sourceFile || 'document'}:${event.lineNumber})`);
    });
  }, BINDING);
}

/** The violations recorded since the last call, and forgets them. */
export function takeCspViolations(): string[] {
  return seen.splice(0);
}
