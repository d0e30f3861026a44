import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { Paging } from '../paging.js';
import type { Db } from '../client.js';
import { news, type News } from '../schema/editorial.js';

/** The columns a news save writes (search text included). */
export type NewsValues = Pick<News, 'title' | 'description' | 'type' | 'image' | 'link' | 'searchText'>;

/** One page of news, newest first, filtered by `search` over title and description text. */
export async function listNews(db: Db, options: { where: SQL | undefined; paging: Paging }): Promise<{ rows: News[]; total: number }> {
  const { where } = options;
  const rows = await db.select().from(news).where(where).orderBy(desc(news.id)).limit(options.paging.perPage).offset(options.paging.offset);
  const [total] = await db.select({ value: count() }).from(news).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findNews(db: Db, id: number): Promise<News | undefined> {
  const [row] = await db.select().from(news).where(eq(news.id, id)).limit(1);
  return row;
}

export async function insertNews(db: Db, values: NewsValues): Promise<News> {
  const [row] = await db.insert(news).values(values).returning();
  return row!;
}

/** Updates a news; undefined when it no longer exists. */
export async function updateNews(db: Db, id: number, values: Partial<NewsValues>): Promise<News | undefined> {
  const [row] = await db
    .update(news)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(news.id, id))
    .returning();
  return row;
}

/** Deletes a news and returns it as it was (to remove its file), or undefined when none. */
export async function deleteNews(db: Db, id: number): Promise<News | undefined> {
  const [row] = await db.delete(news).where(eq(news.id, id)).returning();
  return row;
}
