import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScreens } from '../../server/definitions/loadScreens.js';
import { pageHtml, pagesOf } from '../../server/plugins/pageCode.js';

const CLIENT_DIR = path.resolve('dist/client');
const manifest = JSON.parse(fs.readFileSync(path.join(CLIENT_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  { file: string; isDynamicEntry?: boolean }
>;
const html = fs.readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
const screens = [...loadScreens().values()];

/** The HTML of each page asks for its route's code at once (server/plugins/pageCode.ts), read against the build. */
describe('each page’s code, asked for by its HTML', () => {
  it('names modules the build made chunks of, each one loaded by a route (a dynamic import)', () => {
    const modules = new Set(pagesOf(screens).flatMap((page) => page.modules));
    const unknown = [...modules].filter((module) => !manifest[module]?.isDynamicEntry);
    expect(unknown).toEqual([]);
    // Every screen's list and every screen's form has its page.
    const paths = pagesOf(screens).map((page) => page.path);
    for (const screen of screens) {
      expect(paths).toContain(screen.routes.list.path);
      if (screen.routes.form && (screen.form || screen.resource === 'reading-sheets')) expect(paths).toContain(screen.routes.form.path);
    }
  });

  it('preloads the editor’s code on the editor, a list’s on a list, and nothing more on a page without its own code', () => {
    const htmlOf = pageHtml(CLIENT_DIR, html, screens);
    const preloads = (pathname: string) =>
      [...htmlOf(pathname).matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/([^"]+)">/g)].map((match) => match[1]!);
    const editor = preloads('/reading-sheet/12');
    expect(editor).toContain(manifest['src/screens/readingSheet/ReadingSheetScreen.tsx']!.file.replace('assets/', ''));
    expect(editor).toContain(manifest['src/widgets/formWidgets.ts']!.file.replace('assets/', ''));
    expect(preloads('/reading-sheet')).toEqual(editor);
    expect(preloads('/genres')).toContain(manifest['src/engine/resource/ResourceListScreen.tsx']!.file.replace('assets/', ''));
    expect(preloads('/genres')).not.toContain(manifest['src/widgets/formWidgets.ts']!.file.replace('assets/', ''));
    expect(preloads('/genre/3')).toContain(manifest['src/engine/resource/ResourceFormScreen.tsx']!.file.replace('assets/', ''));
    expect(preloads('/reading-sheet/12/ai-comparation')).toContain(
      manifest['src/screens/readingSheet/aiComparison/AiComparisonScreen.tsx']!.file.replace('assets/', ''),
    );
    expect(htmlOf('/nowhere/at/all')).toBe(html);
  });
});
