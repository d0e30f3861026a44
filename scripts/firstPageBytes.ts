/**
 * What the built client's first pages weigh: the files a browser fetches to show a page opened
 * cold (its HTML, the scripts and styles the HTML names, and the code of its route), counted as
 * the server sends them (the build's Brotli copy; server/plugins/client.ts). Read from the built
 * files and Vite's manifest, not timed: the bench reports it, and a test holds the login page to its budget.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The budgets of the first pages, in bytes of Brotli (1 kB = 1,000 bytes). */
export const FIRST_PAGE_BUDGETS = { loginScripts: 100_000, firstListTotal: 200_000 } as const;

/** A first page: its HTML file, and the source modules of its route's code loaded on top (Vite manifest keys). */
export interface FirstPage {
  name: string;
  html: 'index.html' | 'login.html';
  routeModules: string[];
}

/** The pages the bench and the budget test weigh. */
export const FIRST_PAGES: FirstPage[] = [
  { name: 'login page (`/auth/login`)', html: 'login.html', routeModules: [] },
  { name: 'first list after login (`/reading-sheets`)', html: 'index.html', routeModules: ['src/engine/resource/ResourceListScreen.tsx'] },
  { name: 'reading-sheet editor (`/reading-sheet/{id}`)', html: 'index.html', routeModules: ['src/screens/readingSheet/ReadingSheetScreen.tsx', 'src/widgets/formWidgets.ts'] },
  { name: 'dashboard (`/dashboard`)', html: 'index.html', routeModules: ['src/screens/dashboard/DashboardScreen.tsx', 'src/screens/dashboard/UsageCharts.tsx'] },
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

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

/** Weighs one first page of the build in `clientDir` (dist/client). */
export function weighFirstPage(clientDir: string, page: FirstPage): PageWeight {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run npm run build`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const html = fs.readFileSync(path.join(clientDir, page.html), 'utf8');
  const files = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]!));
  // The route's code: each module's chunk, its static imports (the chunks Vite preloads with it) and their styles.
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of the build (${page.name})`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of page.routeModules) visit(key);
  const weighed = [...files].map((file) => ({ file, bytes: sentBytes(clientDir, file) }));
  const sum = (test: (file: string) => boolean) => weighed.filter(({ file }) => test(file)).reduce((total, { bytes }) => total + bytes, 0);
  const scripts = sum((file) => file.endsWith('.js'));
  const styles = sum((file) => file.endsWith('.css'));
  const htmlBytes = sentBytes(clientDir, page.html);
  return { name: page.name, html: htmlBytes, scripts, styles, total: htmlBytes + scripts + styles, files: weighed.sort((a, b) => b.bytes - a.bytes) };
}
