import type { Browser, Page } from 'playwright-core';
import { seedDemoData } from '../../server/db/seed/demo/index.js';
import { launchBrowser } from '../../scripts/harness/browser.js';
import { loggedInPage } from './e2ePage.js';
import { startE2eServer, type E2eServer } from './e2eServer.js';

/** What most browser tests start from: the app on the demo data, Chromium, a logged-in page. */
export interface DemoSession {
  server: E2eServer;
  browser: Browser;
  page: Page;
  /** The absolute URL of a path of the app. */
  url(path: string): string;
  close(): Promise<void>;
}

/** Starts the app with the demo data and logs a page in, sized to `viewport` when given. */
export async function openDemoSession(viewport?: { width: number; height: number }): Promise<DemoSession> {
  const server = await startE2eServer();
  await seedDemoData(server.database.db);
  const browser = await launchBrowser();
  const page = await loggedInPage(browser, server.url);
  if (viewport) await page.setViewportSize(viewport);
  return {
    server,
    browser,
    page,
    url: (path) => `${server.url}${path}`,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}
