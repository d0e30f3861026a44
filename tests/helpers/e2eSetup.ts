import { afterAll, afterEach } from 'vitest';
import { takeCspViolations } from '../../scripts/harness/cspViolations.js';

/**
 * Setup of every browser test file (vitest.config.ts, project e2e): a test during which a page
 * broke the Content-Security-Policy fails, whatever it asserted itself (browsers come from
 * `launchBrowser()`, which watches each of their pages).
 */
function failOnViolations(when: string): void {
  const violations = takeCspViolations();
  if (violations.length) throw new Error(`Content-Security-Policy violations ${when}:\n${violations.join('\n')}`);
}

afterEach(() => failOnViolations('during this test (or the setup before it)'));
afterAll(() => failOnViolations('after the last test'));
