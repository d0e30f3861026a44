/**
 * Screenshots pages of a running server for a visual check:
 *   npx tsx scripts/screenshot.ts http://localhost:3000 admin@example.com PASSWORD /genres /genre/1 ...
 * Writes test-results/screens/<path>.png.
 */
import fs from 'node:fs';
import { launchBrowser } from './harness/browser.js';

const [base, email, password, ...paths] = process.argv.slice(2);
if (!base || !email || !password) throw new Error('usage: screenshot.ts BASE_URL EMAIL PASSWORD PATH...');
fs.mkdirSync('test-results/screens', { recursive: true });
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
await page.goto(`${base}/auth/login`);
await page.getByLabel('E-mail').fill(email);
await page.locator('#login-password').fill(password);
await page.getByRole('button', { name: 'Me connecter' }).click();
await page.waitForURL(`${base}/reading-sheets`);
for (const path of paths) {
  await page.goto(`${base}${path}`);
  await page.waitForLoadState('networkidle');
  const file = `test-results/screens/${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}.png`;
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}
await browser.close();
