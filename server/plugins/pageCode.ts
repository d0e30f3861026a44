import fs from 'node:fs';
import path from 'node:path';
import type { ScreenDefinition } from '../../common/screenDefinition.js';

/**
 * The code each page of the built client needs before its first paint, named by the page's
 * address, so the page's HTML can ask for it at once (`<link rel="modulepreload">`) instead of
 * waiting for the app's first scripts to run and find the route: one round of requests instead
 * of two. The modules are those the client's routes load (src/app/router.tsx, screenRoutes.tsx,
 * formCode.ts), named as Vite's manifest names them; tests/e2e/page-code.test.ts checks them
 * against the build and the router.
 */

/** A form page's code beside its screen's (which brings RJSF and the validators' runtime): the common widgets (src/widgets/formWidgets.ts). */
const FORM_CODE = ['src/widgets/formWidgets.ts'];

/** The app's own pages (not declared by a screen), by path pattern. */
const FIXED_PAGES: readonly { path: string; modules: string[] }[] = [
  { path: '/dashboard', modules: ['src/screens/dashboard/DashboardScreen.tsx', 'src/screens/dashboard/UsageCharts.tsx'] },
  { path: '/studio', modules: ['src/screens/studio/StudioListScreen.tsx'] },
  { path: '/studio/:name', modules: ['src/screens/studio/StudioScreen.tsx'] },
  { path: '/settings/activity', modules: ['src/screens/activity/ActivityScreen.tsx'] },
  { path: '/reading-sheet/:id/ai-comparation', modules: ['src/screens/readingSheet/aiComparison/AiComparisonScreen.tsx'] },
];

/** The bespoke screens of forms that say `"bespoke": true`, by resource (src/app/bespokeForms.ts, src/app/router.tsx). */
const BESPOKE_PAGES: Readonly<Record<string, string>> = {
  'reading-sheets': 'src/screens/readingSheet/ReadingSheetScreen.tsx',
  reporters: 'src/screens/reporter/ReporterScreen.tsx',
};

/** Every page with its code: the fixed ones, then each screen's list and form. */
export function pagesOf(screens: Iterable<ScreenDefinition>): { path: string; modules: string[] }[] {
  const pages = [...FIXED_PAGES];
  for (const screen of screens) {
    pages.push({ path: screen.routes.list.path, modules: ['src/engine/resource/ResourceListScreen.tsx'] });
    const form = screen.routes.form;
    if (!form) continue;
    const bespoke = BESPOKE_PAGES[screen.resource];
    if (bespoke) pages.push({ path: form.path, modules: [bespoke, ...FORM_CODE] });
    else if (screen.form) pages.push({ path: form.path, modules: ['src/engine/resource/ResourceFormScreen.tsx', ...FORM_CODE] });
  }
  return pages;
}

/** Whether `pathname` is a page of `pattern` (`/genre/:id?`, `/studio/:name`). */
function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.replace(/\/+$/, '').split('/');
  if (have.length > want.length) return false;
  return want.every((part, index) => {
    const value = have[index];
    if (part.startsWith(':')) return part.endsWith('?') || (value !== undefined && value !== '');
    return value === part;
  });
}

/** A chunk of Vite's manifest: its file, the chunks it imports statically, its styles. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** Vite's manifest of a build (`build.manifest`), by source module. */
export type Manifest = Readonly<Record<string, ManifestChunk>>;

/** The manifest of the build in `clientDir` (`.vite/manifest.json`), or undefined for a build without it. */
export function readManifest(clientDir: string): Manifest | undefined {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  return fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest) : undefined;
}

/** The built files an HTML file loads itself (`/assets/…` in its `src` and `href` attributes). */
export function filesOfHtml(html: string): Set<string> {
  return new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]!));
}

/**
 * The files that come with `modules`: each module's chunk, the chunks it imports statically (which
 * the browser needs before it runs) and their styles. A module the build does not have is skipped,
 * or given to `missing`.
 */
export function filesOfModules(manifest: Manifest, modules: readonly string[], missing?: (module: string) => void): Set<string> {
  const files = new Set<string>();
  const visit = (name: string, imported: boolean) => {
    const chunk = manifest[name];
    if (!chunk) {
      if (!imported) missing?.(name);
      return;
    }
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of chunk.imports ?? []) visit(next, true);
  };
  for (const name of modules) visit(name, false);
  return files;
}

/** The code of the page at `pathname` among `pages` (pagesOf): the first whose path matches, else none. */
export function modulesOfPage(pages: readonly { path: string; modules: string[] }[], pathname: string): string[] {
  return pages.find((candidate) => matches(candidate.path, pathname))?.modules ?? [];
}

/**
 * Builds the function that writes a page's HTML: the built `html` with, before `</head>`, a
 * `modulepreload` for each script of the page's route (its chunks and the chunks they import) and
 * a stylesheet for each of their styles, leaving out what the HTML already loads. Without Vite's
 * manifest (a build without it), the HTML is sent as built.
 */
export function pageHtml(clientDir: string, html: string, screens: Iterable<ScreenDefinition>): (pathname: string) => string {
  const manifest = readManifest(clientDir);
  if (!manifest) return () => html;
  const inHtml = filesOfHtml(html);
  const built = new Map<string, string>();
  const withCode = (modules: string[]) => {
    const key = modules.join(' ');
    const known = built.get(key);
    if (known) return known;
    // At low priority: the session check and the record, which the app's first module sends, go first.
    // At the default high priority, forty preloads held HTTP/1.1's six connections and delayed them
    // (a cold opening of the editor 0.3 s later, bench/results.md).
    const links = [...filesOfModules(manifest, modules)]
      .filter((file) => !inHtml.has(file))
      .map((file) =>
        file.endsWith('.css')
          ? `<link rel="stylesheet" crossorigin href="/${file}">`
          : `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`,
      );
    const page = html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
    built.set(key, page);
    return page;
  };
  const pages = pagesOf(screens);
  return (pathname) => {
    const modules = modulesOfPage(pages, pathname);
    return modules.length ? withCode(modules) : html;
  };
}
