/**
 * What the built client's first pages weigh: the files a browser fetches to show a page opened
 * cold (its HTML, the scripts and styles the HTML names, and the code of its route), counted as
 * the server sends them (the build's Brotli copy; server/plugins/clientFiles.ts). Read from the built
 * files and Vite's manifest, not timed: the bench reports it, and a test holds the login page to its budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadScreens } from '../server/definitions/loadScreens.js';
import { filesOfHtml, filesOfModules, modulesOfPage, pagesOf, readManifest } from '../server/plugins/pageCode.js';

/** The budgets of the first pages, in bytes of Brotli (1 kB = 1,000 bytes). */
export const FIRST_PAGE_BUDGETS = { loginScripts: 100_000, firstListTotal: 200_000 } as const;

/** A first page: its HTML file and its address (whose route's code is loaded on top, as the server preloads it; server/plugins/pageCode.ts). */
export interface FirstPage {
  name: string;
  html: 'index.html' | 'login.html';
  /** The page's address; the login page is its HTML alone. */
  pathname?: string;
}

/** The pages the bench and the budget test weigh. */
export const FIRST_PAGES: FirstPage[] = [
  { name: 'login page (`/auth/login`)', html: 'login.html' },
  { name: 'first list after login (`/reading-sheets`)', html: 'index.html', pathname: '/reading-sheets' },
  { name: 'reading-sheet editor (`/reading-sheet/{id}`)', html: 'index.html', pathname: '/reading-sheet/1' },
  { name: 'dashboard (`/dashboard`)', html: 'index.html', pathname: '/dashboard' },
];

export interface PageWeight {
  name: string;
  /** Bytes as sent (Brotli where the build wrote a copy). */
  html: number;
  scripts: number;
  styles: number;
  total: number;
  files: { file: string; bytes: number }[];
}

/** The bytes the server sends for a built file: its `.br` copy when there is one. */
function sentBytes(clientDir: string, file: string): number {
  const full = path.join(clientDir, file);
  return fs.existsSync(`${full}.br`) ? fs.statSync(`${full}.br`).size : fs.statSync(full).size;
}

/** Weighs one first page of the build in `clientDir` (dist/client), its route's code found among the pages of the built-in screens. */
export function weighFirstPage(clientDir: string, page: FirstPage): PageWeight {
  const manifest = readManifest(clientDir);
  if (!manifest) throw new Error(`${path.join(clientDir, '.vite', 'manifest.json')} is missing: run npm run build`);
  const html = fs.readFileSync(path.join(clientDir, page.html), 'utf8');
  const modules = page.pathname === undefined ? [] : modulesOfPage(pagesOf(loadScreens().values()), page.pathname);
  if (page.pathname !== undefined && !modules.length) throw new Error(`${page.pathname} is no page of the app (${page.name})`);
  const routeFiles = filesOfModules(manifest, modules, (module) => {
    throw new Error(`${module} is not a chunk of the build (${page.name})`);
  });
  const files = new Set([...filesOfHtml(html), ...routeFiles]);
  const weighed = [...files].map((file) => ({ file, bytes: sentBytes(clientDir, file) }));
  const sum = (test: (file: string) => boolean) => weighed.filter(({ file }) => test(file)).reduce((total, { bytes }) => total + bytes, 0);
  const scripts = sum((file) => file.endsWith('.js'));
  const styles = sum((file) => file.endsWith('.css'));
  const htmlBytes = sentBytes(clientDir, page.html);
  return { name: page.name, html: htmlBytes, scripts, styles, total: htmlBytes + scripts + styles, files: weighed.sort((a, b) => b.bytes - a.bytes) };
}
