import { and, ne, sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { literaryPrizes } from '../../schema/editorial.js';

/** True when another prize (not `id`) has this label, case-insensitively. */
export async function labelTaken(db: Db, label: string, id: number | undefined): Promise<boolean> {
  const sameLabel = sql`lower(${literaryPrizes.label}) = ${label.toLowerCase()}`;
  const [row] = await db
    .select({ id: literaryPrizes.id })
    .from(literaryPrizes)
    .where(id === undefined ? sameLabel : and(sameLabel, ne(literaryPrizes.id, id)))
    .limit(1);
  return Boolean(row);
}
