import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dereferenceSchema } from '../../common/dereferenceSchema.js';
import { responses } from '../http/answerSchemas.js';
import { SESSION_COOKIE } from '../services/sessions.js';

/** Where the document and the reference page are served (both for logged-in staff only). */
export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

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
      const config = route.config as { bodySchema?: object; screenBody?: string; multipart?: boolean } | undefined;
      if (!config?.bodySchema) return { schema, url };
      for (const method of [route.method].flat()) if (config.screenBody) screenBodies.push({ url, method: method.toLowerCase(), screen: config.screenBody });
      const body = dereferenceSchema(config.bodySchema);
      return { schema: { ...schema, body, ...(config.multipart ? { consumes: ['application/json', 'multipart/form-data'] } : {}) }, url };
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

  app.get(OPENAPI_PATH, { onRequest: staffOnly, schema: { hide: true, response: responses({ type: 'object', additionalProperties: true, description: 'The OpenAPI 3.1 document' }) } }, async () => document());
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    // The app's policy (server/plugins/securityHeaders.ts) stays: the page's scripts are files of this server.
    staticCSP: false,
    uiHooks: { onRequest: staffOnly },
    transformSpecification: () => document(),
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
