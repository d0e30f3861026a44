import packageJson from '../../package.json' with { type: 'json' };

/**
 * What `npm start` runs once it has built: the Node flags and the entry of the `start` script of
 * package.json, said there once. The benches and the start-up tests run the built server with them.
 * The flags: `--max-old-space-size=1536`, a heap limit the server never nears (its live heap is
 * about 50 MB) under which V8 lets the heap grow to about twice its live size between two full
 * collections rather than four times (V8's factor for limits of 2 GB and more, its default here):
 * a long export keeps the server's memory within 100 MB of its idle size (bench/results.md).
 */
export const START_ARGS: readonly string[] = startArgs(packageJson.scripts.start);

/** The arguments after `node` in a script (`npm run build && node --flag entry.js`). */
function startArgs(script: string): string[] {
  const match = /(?:^|&&\s*)node\s+([^&]+)$/.exec(script);
  if (!match) throw new Error(`package.json: the start script does not end with a node command: ${script}`);
  return match[1]!.trim().split(/\s+/);
}
