import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { screenDrafts, screenVersions } from '../../schema/screens.js';

export type ScreenVersionRow = typeof screenVersions.$inferSelect;
export type ScreenDraftRow = typeof screenDrafts.$inferSelect;

/** The highest version row id, 0 while none: it changes with every publish of any screen, on any instance (an index's last entry). */
export const SCREENS_STAMP = sql<number>`coalesce((select max(${screenVersions.id}) from ${screenVersions}), 0)`.mapWith(Number);

/** The screens' stamp (`SCREENS_STAMP`). */
export async function screenVersionsStamp(db: Db): Promise<number> {
  const [row] = await db.select({ value: SCREENS_STAMP }).from(sql`(select 1) as one`);
  return row?.value ?? 0;
}

/** The newest version of each screen that has one (the version in use). */
export async function latestScreenVersions(db: Db): Promise<ScreenVersionRow[]> {
  return db.selectDistinctOn([screenVersions.screen]).from(screenVersions).orderBy(screenVersions.screen, desc(screenVersions.version));
}

/** The newest version of one screen, if any was published. */
export async function latestScreenVersion(db: Db, screen: string): Promise<ScreenVersionRow | undefined> {
  const [row] = await db.select().from(screenVersions).where(eq(screenVersions.screen, screen)).orderBy(desc(screenVersions.version)).limit(1);
  return row;
}

/** One version of a screen. */
export async function findScreenVersion(db: Db, screen: string, version: number): Promise<ScreenVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(screenVersions)
    .where(and(eq(screenVersions.screen, screen), eq(screenVersions.version, version)))
    .limit(1);
  return row;
}

/** One page of a screen's versions, newest first, with their total. */
export async function listScreenVersions(
  db: Db,
  screen: string,
  paging: { perPage: number; offset: number },
): Promise<{ rows: ScreenVersionRow[]; total: number }> {
  const rows = await db
    .select()
    .from(screenVersions)
    .where(eq(screenVersions.screen, screen))
    .orderBy(desc(screenVersions.version))
    .limit(paging.perPage)
    .offset(paging.offset);
  const [total] = await db.select({ value: count() }).from(screenVersions).where(eq(screenVersions.screen, screen));
  return { rows, total: total?.value ?? 0 };
}

/**
 * Adds a version if the screen's newest is still `expected` (0: none published yet); undefined when
 * another version was published meanwhile. The unique (screen, version) index settles two
 * instances publishing at once: one insert wins, the other gets undefined.
 */
export async function insertScreenVersion(
  db: Db,
  values: Omit<typeof screenVersions.$inferInsert, 'id' | 'version' | 'createdAt'>,
  expected: number,
): Promise<ScreenVersionRow | undefined> {
  const current = (await latestScreenVersion(db, values.screen))?.version ?? 0;
  if (current !== expected) return undefined;
  const [row] = await db
    .insert(screenVersions)
    .values({ ...values, version: expected + 1 })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findScreenDraft(db: Db, screen: string): Promise<ScreenDraftRow | undefined> {
  const [row] = await db.select().from(screenDrafts).where(eq(screenDrafts.screen, screen)).limit(1);
  return row;
}

/** The screens that have a draft. */
export async function screensWithDrafts(db: Db): Promise<Set<string>> {
  return new Set((await db.select({ screen: screenDrafts.screen }).from(screenDrafts)).map((row) => row.screen));
}

/** Writes the one draft of a screen (last writer wins). */
export async function upsertScreenDraft(db: Db, values: Omit<typeof screenDrafts.$inferInsert, 'updatedAt'>): Promise<ScreenDraftRow> {
  const [row] = await db
    .insert(screenDrafts)
    .values({ ...values, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: screenDrafts.screen,
      set: { definition: values.definition, labels: values.labels, authorId: values.authorId, authorName: values.authorName, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function deleteScreenDraft(db: Db, screen: string): Promise<void> {
  await db.delete(screenDrafts).where(eq(screenDrafts.screen, screen));
}
