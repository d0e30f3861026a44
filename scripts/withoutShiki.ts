import type { Plugin } from 'vite';

const ID = '\0without-shiki';

/** codemirror-json-schema's module that renders the schema's descriptions and its messages as Markdown. */
const MARKDOWN_MODULE = /[\\/]codemirror-json-schema[\\/](dist|cjs)[\\/]utils[\\/]markdown\.js$/;

/**
 * Keeps Shiki out of the screen studio's JSON pane (src/screens/studio/json). codemirror-json-schema
 * renders descriptions and messages with markdown-it, and when its Markdown module loads it starts a
 * Shiki highlighter for code blocks: an Oniguruma WebAssembly engine, which it starts without its
 * WebAssembly (a rejected promise nobody catches: an error in the console, and a failed unit test
 * run) and which the Content-Security-Policy would refuse anyway (no 'wasm-unsafe-eval'), plus two
 * themes and the JavaScript grammar fetched as chunks of their own. That module's Shiki imports
 * resolve here to a highlighter that does nothing: markdown-it renders as before, code as plain
 * `<pre><code>`. Used by the build, the dev server's dependency bundling and the unit tests.
 */
export function withoutShiki(): Plugin {
  return {
    name: 'without-shiki',
    enforce: 'pre',
    resolveId: (source, importer) => (/^(shiki|@shikijs)\//.test(source) && importer && MARKDOWN_MODULE.test(importer) ? ID : undefined),
    load: (id) =>
      id === ID
        ? [
            '// Stands in for Shiki (scripts/withoutShiki.ts): no highlighter, no theme, no grammar.',
            'export const createHighlighterCore = async () => ({});',
            'export const fromHighlighter = () => () => {};',
            'export default {};',
            '',
          ].join('\n')
        : undefined,
  };
}
