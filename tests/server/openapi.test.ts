import SwaggerParser from '@apidevtools/swagger-parser';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAnswerCheck } from '../../server/plugins/answerCheck.js';
import { ADMIN_ERRORS } from '../../common/answerSchemas.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * The API's machine-readable description: `GET /api/openapi.json` (OpenAPI 3.1, generated from the
 * routes' own schemas) and the reference page `/api/docs`, both for logged-in staff; every route
 * declares the schema of its answers, and every answer of the server suites is checked against it
 * (`checkAnswers`, server/plugins/answerCheck.ts).
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});
afterAll(async () => t.close());

type Operation = {
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  security?: unknown[];
};
const documentOf = async (app = t, session = cookie) =>
  (await app.as(session, { method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
    components: Record<string, unknown>;
  };

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document with the session cookie as its security scheme', async () => {
    const document = await documentOf();
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    expect(document).toMatchObject({ openapi: '3.1.0', security: [{ session: [] }] });
    expect(document.components.securitySchemes).toEqual({ session: { type: 'apiKey', in: 'cookie', name: 'admin_session' } });
  });

  it('describes every route of the API, with its answer and the refusals and their body', async () => {
    const document = await documentOf();
    const apiRoutes = t.app.routeList.filter(
      (route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.url !== '/api/openapi.json',
    );
    expect(apiRoutes.length).toBeGreaterThan(90);
    for (const route of apiRoutes) {
      const operation = document.paths[route.url.replace(/:(\w+)/g, '{$1}').replace('/*', '/{*}')]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url} is in the document`).toBeDefined();
      const statuses = Object.keys(operation!.responses);
      expect(
        statuses.some((status) => status.startsWith('2')),
        `${route.method} ${route.url} describes its success`,
      ).toBe(true);
      for (const status of [401, 403, 404, 409, 413, 422, 429].map(String)) {
        expect(operation!.responses[status]?.content?.['application/json']?.schema, `${route.method} ${route.url} ${status}`).toMatchObject({
          required: ['message'],
        });
      }
    }
  });

  it('answers 401 without a session; the login and the health checks need none', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(401);
    const document = await documentOf();
    expect(document.paths['/api/admin/auth/login']!.post!.security).toEqual([]);
    expect(document.paths['/api/health']!.get!.security).toEqual([]);
    expect(document.paths['/api/admin/genres']!.get!.security).toBeUndefined();
  });

  it('derives a record from its declaration: types, nullability, relations and counts', async () => {
    const answer = (await documentOf()).paths['/api/admin/companies/{id}']!.get!.responses['200']!.content!['application/json']!.schema as {
      properties: { data: { properties: Record<string, unknown>; additionalProperties: boolean } };
    };
    const record = answer.properties.data;
    expect(record.additionalProperties).toBe(false);
    expect(record.properties).toMatchObject({
      id: { type: 'integer' },
      name: { type: 'string' },
      city: { type: ['string', 'null'] },
      country: { type: ['object', 'null'], properties: { id: { type: 'integer' }, name: { type: 'string' } } },
      books_count: { type: 'integer' },
      has_address: { type: 'boolean' },
    });
  });

  it("describes a save's body as the screen is published now: the document is the one the routes validate with", async () => {
    const nameLimit = async () => {
      const body = (await documentOf()).paths['/api/admin/genres']!.post!.requestBody!.content['application/json']!.schema as {
        properties: { names: { properties: { en: { maxLength: number } } } };
      };
      return body.properties.names.properties.en.maxLength;
    };
    expect(await nameLimit()).toBe(255);
    const screen = (await t.as(cookie, { method: 'GET', url: '/api/admin/screens/genres' })).json().data;
    const definition = structuredClone(screen.definition);
    definition.form.schema.definitions.name.maxLength = 40;
    expect((await t.as(cookie, { method: 'PUT', url: '/api/admin/screens/genres/draft', payload: { definition } })).statusCode).toBe(200);
    expect((await t.as(cookie, { method: 'POST', url: '/api/admin/screens/genres/publish', payload: { baseVersion: screen.version } })).statusCode).toBe(200);
    expect(await nameLimit()).toBe(40);
    const refused = await t.as(cookie, { method: 'POST', url: '/api/admin/genres', payload: { names: { en: 'x'.repeat(41) }, color: '#112233' } });
    expect(refused.statusCode).toBe(422);
    expect((await t.as(cookie, { method: 'DELETE', url: '/api/admin/screens/genres/published' })).statusCode).toBe(200);
  });
});

describe('every route declares its answers', () => {
  it('has a response schema for its success and for every refusal a route can give', () => {
    const missing = t.app.routeList
      .filter((route) => !route.url.startsWith('/api/docs'))
      .filter((route) => !route.responses.some((status) => status.startsWith('2')) || ADMIN_ERRORS.some((status) => !route.responses.includes(String(status))))
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
  });

  it('an answer its schema does not describe, or a route without one, fails with a 500 naming it', async () => {
    const app = Fastify();
    registerAnswerCheck(app);
    const schema = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] };
    app.get('/api/drifted', { schema: { response: { 200: schema } } }, async () => ({ id: 1, nickname: 'dropped by the serializer' }));
    app.get('/api/mistyped', { schema: { response: { 200: schema } } }, async () => ({ id: 'one' }));
    app.get('/api/undescribed', async () => ({ id: 1 }));
    app.get('/api/described', { schema: { response: { 200: schema } } }, async () => ({ id: 1 }));
    const answers = await Promise.all(['drifted', 'mistyped', 'undescribed', 'described'].map((path) => app.inject({ method: 'GET', url: `/api/${path}` })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([500, 500, 500, 200]);
    expect(answers[0]!.json().message).toBe(
      'GET /api/drifted answered 200 with what its response schema does not say: / must NOT have additional properties (nickname)',
    );
    expect(answers[1]!.json().message).toBe('GET /api/mistyped answered 200 with what its response schema does not say: /id must be integer');
    expect(answers[2]!.json().message).toBe('GET /api/undescribed answered 200 without a response schema for it');
    await app.close();
  });
});

describe('/api/docs, the API reference page', () => {
  it('sends a visitor without a session to the login page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth/login');
  });

  it('serves the page to staff, from this server, under the app’s Content Security Policy', async () => {
    const page = await t.as(cookie, { method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>[^<]/);
    expect(page.body).not.toMatch(/https?:\/\/(?!localhost)/);
  });
});
