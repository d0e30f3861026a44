import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

type Results<T extends readonly (() => PromiseLike<unknown>)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Runs independent reads at once on the pool, or one after the other in a transaction: a
 * transaction holds one connection, on which the driver only queues them (and node-postgres 9 will
 * refuse queries sent while another runs). A record read inside a write (its history's before and
 * after) goes through here.
 */
export async function concurrently<const T extends readonly (() => PromiseLike<unknown>)[]>(db: Db, reads: T): Promise<Results<T>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<T>;
}
