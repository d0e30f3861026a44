import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});
afterAll(async () => t.close());

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const response = await t.as(cookie, { method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    const document = response.json();
    require('node:fs').writeFileSync('/tmp/oa/doc.json', JSON.stringify(document, null, 1));
    await SwaggerParser.validate(structuredClone(document));
  });
});
