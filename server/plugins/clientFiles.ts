import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { responses } from '../../common/answerSchemas.js';
import type { ScreenDefinition } from '../../common/screenDefinition.js';
import { resolveSession, SESSION_COOKIE } from '../auth/sessions.js';
import { pageHtml } from './pageCode.js';

/** The cache header of a built file that was found (`public, max-age=31536000, immutable`), set by the file's sending only. */
const ASSET_CACHE = { cacheControl: true, maxAge: '365d', immutable: true } as const;

/** The login page's address (SPEC §2), served its own entry. */
const LOGIN_PATH = '/auth/login';

/**
 * Serves the built client from `clientDir` and answers index.html for every other GET outside
 * `/api`, so history-mode routes survive a reload. Does nothing when the client is not built.
 */
export async function registerClient(app: FastifyInstance, clientDir: string, screens: Iterable<ScreenDefinition> = []): Promise<void> {
  const index = path.join(clientDir, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ clientDir }, 'client not built: run `npm run build` to serve the interface');
    return;
  }
  // Only `reply.sendFile` (serve: false): the routes below serve every file, assets with their cache
  // header. preCompressed: the build's `.br` / `.gz` copy when the browser accepts it (vite.config.ts).
  await app.register(fastifyStatic, { root: clientDir, serve: false, index: false, cacheControl: false, preCompressed: true });
  const html = fs.readFileSync(index, 'utf8');
  // The login page opened cold is its own small entry (src/screens/login/loginPage.tsx); the app's
  // own route shows the same form when a session is lost without leaving the page.
  const loginFile = path.join(clientDir, 'login.html');
  const loginHtml = fs.existsSync(loginFile) ? fs.readFileSync(loginFile, 'utf8') : html;
  // Each page's HTML asks for its route's code at once (./pageCode.ts).
  const htmlOf = pageHtml(clientDir, html, screens);
  // The interface's files: not part of the API document, described for the answer check all the same.
  const files = { schema: { hide: true, response: responses({ type: 'string', description: 'A page or a file of the interface' }) } };
  app.get('/assets/*', files, (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    // A built file's name changes with its content: found, it is kept a year. Any other answer (a
    // file this release does not have: a page of the release before or after it during a rolling
    // deploy) is never kept, so that asking again once every instance runs one release finds it.
    return reply.header('cache-control', 'no-store').header('vary', 'accept-encoding').sendFile(path.join('assets', file), ASSET_CACHE);
  });
  app.get('/*', files, async (request, reply) => {
    const url = request.url.split('?')[0]!;
    if (url.startsWith('/api/')) return reply.status(404).send({ message: `Route ${request.method} ${url} not found` });
    const file = path.join(clientDir, path.normalize(url));
    if (file.startsWith(clientDir + path.sep) && path.extname(url) && fs.existsSync(file)) return reply.sendFile(url.slice(1));
    if (url === LOGIN_PATH) {
      // A logged-in visitor goes home, as the app's guard would send them: the login page itself asks
      // nothing of the API (a 401 there would be an error in the browser's console for every visitor).
      const token = request.cookies[SESSION_COOKIE];
      if (token && (await resolveSession(app.db, token))) return reply.header('cache-control', 'no-store').redirect('/');
      return reply.header('cache-control', 'no-cache').type('text/html').send(loginHtml);
    }
    return reply.header('cache-control', 'no-cache').type('text/html').send(htmlOf(url));
  });
}
