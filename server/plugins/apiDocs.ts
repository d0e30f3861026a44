import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dereferenceSchema } from '../../common/dereferenceSchema.js';
import { responses } from '../../common/answerSchemas.js';
import { SESSION_COOKIE } from '../auth/sessions.js';
import { describeNeed, type RouteNeed } from '../auth/routeNeeds.js';

/** The group of a route in the document: the first segment after `/api/admin/` (or `/api/`). */
const tagOf = (url: string) => url.replace(/^\/api\/(admin\/)?/, '').split('/')[0] || 'api';

/**
 * The renderer's colours darkened to a contrast of 4.5:1 at least (WCAG AA: its method badges,
 * version stamp, links, parameter locations and the Authorize button), and its `data:` images
 * (select arrows, the copy button's icon, a ticked box, the model toggle), which the policy's
 * img-src refuses, replaced by the browser's own arrow and by text.
 */
const CONTRAST_CSS = `
html .swagger-ui select { background-image: none; -webkit-appearance: auto; appearance: auto; }
html .swagger-ui .copy-to-clipboard button { background-image: none; }
html .swagger-ui .copy-to-clipboard button::after { content: '⧉'; color: #fff; font-size: 14px; }
html .swagger-ui .checkbox input[type=checkbox]:checked + label > .item { background-image: none; background-color: #1d4ed8; }
html .swagger-ui .model-toggle:after { background: none; content: '›'; width: auto; height: auto; font-size: 16px; }
html .swagger-ui .parameter__in { color: #4b5563; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d4ed8; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #047857; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #b45309; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b91c1c; }
.swagger-ui .info .title small.version-stamp { background: #3f6212; }
.swagger-ui .info .title small pre { color: #fff; }
.swagger-ui .info a, .swagger-ui .info .url { color: #1d4ed8; }
.swagger-ui .btn.authorize { color: #047857; border-color: #047857; }
.swagger-ui .btn.authorize svg { fill: #047857; }
`;

/** Where the document and the reference page are served (both for logged-in staff only). */
const OPENAPI_PATH = '/api/openapi.json';
const API_DOCS_PATH = '/api/docs';

type OpenApiDocument = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>> };

/** A route whose body a screen's form schema validates: the screen's name, to describe its body as published now. */
interface ScreenBody {
  url: string;
  method: string;
  screen: string;
}

/**
 * The OpenAPI 3.1 document of every route (`@fastify/swagger`, collected as the routes register,
 * so call this before them), and the API reference page (`@fastify/swagger-ui`, its files served
 * from this server, so the app's Content Security Policy holds). A route's body is the JSON Schema
 * its handler validates against (`config.bodySchema`); a body a screen's form validates is served
 * as the screen is published now (`screenBody` reads it from the registry on each request), so the
 * document is always the one the routes validate with.
 */
export async function registerApiDocs(app: FastifyInstance, screenBody: (screen: string) => object | undefined): Promise<void> {
  const screenBodies: ScreenBody[] = [];
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Book scouting administration API',
        version: '1',
        description:
          'The API of the administration panel. Every route under /api/admin needs the session cookie set by `POST /api/admin/auth/login`. A refusal answers `{ message, errors? }`: `errors` holds the messages of each field by dotted path (422). docs/api.md says what this document cannot: paging, filters, files, versions.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
      security: [{ session: [] }],
    },
    transform({ schema, url, route }) {
      // Grouped by what they serve: `/api/admin/genres/:id` under `genres`, `/api/health/ready` under `health`.
      const config = route.config as { bodySchema?: object; screenBody?: string; multipart?: boolean; need?: RouteNeed } | undefined;
      // What the operation needs of its caller (server/auth/routeNeeds.ts): `public`, `self`, a system permission or a screen's action.
      const tagged = {
        ...schema,
        tags: (schema as { tags?: string[] } | undefined)?.tags ?? [tagOf(url)],
        ...(config?.need ? { 'x-permission': describeNeed(config.need) } : {}),
      };
      if (!config?.bodySchema) return { schema: tagged, url };
      for (const method of [route.method].flat()) if (config.screenBody) screenBodies.push({ url, method: method.toLowerCase(), screen: config.screenBody });
      const body = dereferenceSchema(config.bodySchema);
      return { schema: { ...tagged, body, ...(config.multipart ? { consumes: ['application/json', 'multipart/form-data'] } : {}) }, url };
    },
  });

  /** The document with each screen's body as published now. */
  const document = (): OpenApiDocument => {
    const base = app.swagger() as unknown as OpenApiDocument;
    const copy = structuredClone(base);
    for (const { url, method, screen } of screenBodies) {
      const content = copy.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method]?.requestBody?.content;
      const schema = screenBody(screen);
      if (!content || !schema) continue;
      for (const type of Object.values(content)) type.schema = dereferenceSchema(schema);
    }
    return copy;
  };

  /** Staff only: a page asked without a session goes to the login page; the document answers 401. */
  const staffOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.admin) return;
    if (request.url.startsWith(OPENAPI_PATH) || request.url.startsWith(`${API_DOCS_PATH}/json`)) return reply.status(401).send({ message: 'Unauthenticated.' });
    return reply.redirect('/auth/login');
  };

  app.get(
    OPENAPI_PATH,
    {
      onRequest: staffOnly,
      schema: { hide: true, response: responses({ type: 'object', additionalProperties: true, description: 'The OpenAPI 3.1 document' }) },
    },
    async () => document(),
  );
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    // The app's policy (server/plugins/securityHeaders.ts) stays: the page's scripts are files of this server.
    staticCSP: false,
    uiHooks: { onRequest: staffOnly },
    transformSpecification: () => document(),
    // BaseLayout: the page without the standalone top bar, whose logo is a `data:` image the policy's img-src refuses.
    // No deep links: their anchor inside each operation's summary button is a control nested in a control.
    uiConfig: { docExpansion: 'list', deepLinking: false, layout: 'BaseLayout' },
    theme: { title: 'API reference · Administration Panel', css: [{ filename: 'contrast.css', content: CONTRAST_CSS }] },
  });
}
