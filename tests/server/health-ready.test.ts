import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ready = () => t.app.inject({ method: 'GET', url: '/api/health/ready' });

describe('GET /api/health/ready', () => {
  it('answers 200 when the database and the file storage can be used, without a session', async () => {
    const response = await ready();
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });
    expect(response.statusCode).toBe(200);
  });

  it('answers 503 saying what fails when the storage cannot be used, while liveness stays 200', async () => {
    const check = t.app.storage.check;
    t.app.storage.check = async () => {
      throw new Error('bucket admin-files at s3.internal:9000 refused the key AKIA…');
    };
    try {
      const response = await ready();
      expect(response.statusCode).toBe(503);
      // Its reason in a few words: never the error's own text (hosts, keys).
      expect(response.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', storage: 'File storage unavailable' } });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      t.app.storage.check = check;
    }
  });

  it('answers 503 once the instance is stopping, so that the load balancer sends it nothing new', async () => {
    t.app.shuttingDown = true;
    try {
      const response = await ready();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', checks: { shutdown: 'shutting down' } });
    } finally {
      t.app.shuttingDown = false;
    }
  });
});

describe('the startup lock', () => {
  it('runs the startups of instances one after the other, never at once', async () => {
    const events: string[] = [];
    const startup = (name: string) =>
      t.database.withStartupLock(async () => {
        events.push(`${name} in`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        events.push(`${name} out`);
        return name;
      });
    expect(await Promise.all([startup('a'), startup('b')])).toEqual(['a', 'b']);
    expect([events.slice(0, 2), events.slice(2)].map((pair) => pair[0]!.split(' ')[0] === pair[1]!.split(' ')[0])).toEqual([true, true]);
  });
});
