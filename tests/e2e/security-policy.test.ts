import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUrl } from '../../server/storage/fileUrl.js';
import { createStorage } from '../../server/storage/index.js';
import { chromiumPath, launchBrowser } from '../../scripts/harness/browser.js';
import { takeCspViolations } from '../../scripts/harness/cspViolations.js';
import { loggedInPage } from '../helpers/e2ePage.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';

/** A one-page PDF that a viewer opens (objects, cross-reference table and trailer). */
function onePagePdf(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>'];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * The Content-Security-Policy at work in a real browser: what it refuses, and that the browser
 * suite notices (every other browser test fails on any violation, tests/helpers/e2eSetup.ts).
 */
describe.skipIf(!chromiumPath)('the security policy in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;
  const url = (path: string) => `${server.url}${path}`;
  const storage = () => createStorage(server.app.config);

  /** The violations recorded until each of `directives` is named (they arrive asynchronously). */
  async function violationsNaming(...directives: string[]): Promise<string> {
    const seen: string[] = [];
    await expect
      .poll(() => {
        seen.push(...takeCspViolations());
        return directives.filter((directive) => !seen.some((violation) => violation.includes(directive)));
      })
      .toEqual([]);
    return seen.join('\n');
  }

  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
    page = await loggedInPage(browser, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('runs no script a page had injected, neither a <script> nor an event handler, and reports both', async () => {
    const ran = await page.evaluate(async () => {
      const marks = window as unknown as Record<string, boolean>;
      const script = document.createElement('script');
      script.textContent = 'window.injectedScript = true';
      document.head.append(script);
      const image = document.createElement('img');
      image.setAttribute('onerror', 'window.injectedHandler = true');
      image.src = '/not-an-image.png';
      document.body.append(image);
      await new Promise((resolve) => setTimeout(resolve, 500));
      return { script: marks.injectedScript ?? false, handler: marks.injectedHandler ?? false };
    });
    expect(ran).toEqual({ script: false, handler: false });
    expect(await violationsNaming('script-src-elem', 'script-src-attr')).toContain(url('/reading-sheets'));
  });

  it('cannot be framed by a page of another origin', async () => {
    const other = await browser.newPage();
    await other.setContent(`<iframe src="${url('/auth/login')}"></iframe>`);
    expect(await violationsNaming('frame-ancestors')).toMatch(/Framing '[^']+' violates .*frame-ancestors 'none'/);
    expect(await other.frameLocator('iframe').locator('#login-password').count()).toBe(0);
    await other.context().close();
  });

  it("opens a stored PDF in the browser's viewer, under the stored-file policy (tests/server/security-headers.test.ts)", async () => {
    const key = `security/2025/01/${randomUUID()}.pdf`;
    await storage().put(key, Readable.from([onePagePdf()]), { contentType: 'application/pdf' });
    const context = await browser.newContext();
    await context.addCookies(await page.context().cookies());
    const tab = await context.newPage();
    try {
      const response = await tab.goto(url(fileUrl(key, 'manuscript.pdf')));
      expect(response?.status()).toBe(200);
      await expect.poll(() => tab.frames().some((frame) => frame.url().startsWith('chrome-extension://'))).toBe(true);
    } finally {
      await context.close();
      await storage().remove(key);
    }
  });
});
