import { expect } from 'vitest';
import type { TestApp } from './testApp.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** JSON calls to `/api/admin/...` with a session cookie. */
export function adminApi(t: TestApp, cookie: () => string) {
  const call = (method: Method, url: string, payload?: unknown) =>
    t.as(cookie(), {
      method,
      url: `/api/admin/${url}`,
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
    });
  return {
    call,
    /** Saves (create without id) and expects 200; returns the saved record. */
    async save<T = Record<string, unknown>>(api: string, body: unknown, id?: number): Promise<T & { id: number }> {
      const response = await call('POST', id === undefined ? api : `${api}/${id}`, body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    },
    /** A save expected to fail with 422; returns its errors. */
    async invalid(api: string, body: unknown, id?: number): Promise<Record<string, string[]>> {
      const response = await call('POST', id === undefined ? api : `${api}/${id}`, body);
      expect(response.statusCode, response.body).toBe(422);
      const { message, errors } = response.json();
      expect(message).toBe(Object.values(errors as Record<string, string[]>)[0]![0]);
      return errors;
    },
    /** The list answer for a query string. */
    async list(
      api: string,
      query = '',
    ): Promise<{ data: Record<string, unknown>[]; meta: { total: number; current_page: number; per_page: number; last_page: number } }> {
      const response = await call('GET', `${api}${query ? `?${query}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    },
  };
}

/** Checks the paged envelope of a list against its total: pages, bounds, order by id, 422 on bad paging. */
export async function expectPaging(api: ReturnType<typeof adminApi>, resource: string, total: number): Promise<void> {
  expect(total).toBeGreaterThan(10);
  const first = await api.list(resource);
  expect(first.data).toHaveLength(10);
  expect(first.meta).toEqual({ total, current_page: 1, per_page: 10, last_page: Math.ceil(total / 10) });
  const ids = first.data.map((row) => row.id as number);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  const last = await api.list(resource, `page=${first.meta.last_page}&perPage=10`);
  expect(last.data).toHaveLength(total - (first.meta.last_page - 1) * 10);
  const second = await api.list(resource, 'page=2&perPage=5');
  expect(second.data.map((row) => row.id)).toEqual((await api.list(resource, 'perPage=10')).data.slice(5, 10).map((row) => row.id));
  expect((await api.list(resource, 'perPage=1000')).data).toHaveLength(total);
  expect((await api.list(resource, 'page=9999')).data).toEqual([]);
  for (const query of ['perPage=0', 'perPage=1001', 'page=0', 'page=abc']) {
    const response = await api.call('GET', `${resource}?${query}`);
    expect(response.statusCode, query).toBe(422);
    expect(Object.keys(response.json().errors), query).toEqual([query.split('=')[0]]);
  }
}

/** Every unknown or malformed id answers 404 `{ message: '<Label> not found' }` on GET, POST and DELETE. */
export async function expectNotFound(api: ReturnType<typeof adminApi>, resource: string, label: string, validBody: unknown): Promise<void> {
  for (const id of ['999999', 'abc', '0', '-1', '2147483648']) {
    for (const [method, payload] of [['GET'], ['POST', validBody], ['DELETE']] as const) {
      const response = await api.call(method, `${resource}/${id}`, payload);
      expect(response.statusCode, `${method} ${id}`).toBe(404);
      expect(response.json()).toEqual({ message: `${label} not found` });
    }
  }
}
