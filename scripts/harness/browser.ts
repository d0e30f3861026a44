import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { watchCspViolations } from './cspViolations.js';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];

/** Path of the system Chromium, or undefined when none is installed. */
export const chromiumPath = CANDIDATES.find((p) => fs.existsSync(p));

if (!chromiumPath) {
  const message = 'Chromium not found (apt-get install -y chromium): the browser suite is SKIPPED.';
  if (process.env.CI) throw new Error(`${message} CI must run it.`);
  console.warn(`\n\n  !!! ${message}\n\n`);
}

/**
 * Launches headless Debian Chromium with the flags this machine needs. Every context it opens
 * (`newContext`, and `newPage`, which opens one) records its Content-Security-Policy violations
 * (scripts/harness/cspViolations.ts; the browser suite fails a test that had any).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath!,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchCspViolations(context);
    return context;
  };
  return browser;
}
