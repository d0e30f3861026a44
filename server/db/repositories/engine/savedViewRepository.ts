import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { administrators } from '../../schema/auth.js';
import { defaultViews, savedViews } from '../../schema/views.js';

export type SavedViewRow = typeof savedViews.$inferSelect;

/** A view with its author's name and whether it is the reader's default. */
export type SavedViewRead = SavedViewRow & { authorName: string; isDefault: boolean };

const authorName = sql<string>`trim(${administrators.firstname} || ' ' || ${administrators.lastname})`;

/** The views of a list that `administratorId` may open (their own and the shared ones), by name. */
export async function listVisibleViews(db: Db, screen: string, administratorId: number): Promise<SavedViewRead[]> {
  const rows = await db
    .select({ view: savedViews, authorName, defaultOf: defaultViews.viewId })
    .from(savedViews)
    .innerJoin(administrators, eq(administrators.id, savedViews.authorId))
    .leftJoin(defaultViews, and(eq(defaultViews.viewId, savedViews.id), eq(defaultViews.administratorId, administratorId)))
    .where(and(eq(savedViews.screen, screen), or(eq(savedViews.authorId, administratorId), eq(savedViews.shared, true))))
    .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
  return rows.map(({ view, authorName: name, defaultOf }) => ({ ...view, authorName: name, isDefault: defaultOf !== null }));
}

/** One view by id, with its author's name (whoever reads it). */
export async function findView(db: Db, id: number, administratorId: number): Promise<SavedViewRead | undefined> {
  const [row] = await db
    .select({ view: savedViews, authorName, defaultOf: defaultViews.viewId })
    .from(savedViews)
    .innerJoin(administrators, eq(administrators.id, savedViews.authorId))
    .leftJoin(defaultViews, and(eq(defaultViews.viewId, savedViews.id), eq(defaultViews.administratorId, administratorId)))
    .where(eq(savedViews.id, id));
  return row ? { ...row.view, authorName: row.authorName, isDefault: row.defaultOf !== null } : undefined;
}

/** Whether the author already has a view of that name on the list (case-insensitive), other than `exceptId`. */
export async function authorHasViewNamed(db: Db, screen: string, authorId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(
      and(
        eq(savedViews.screen, screen),
        eq(savedViews.authorId, authorId),
        eq(sql`lower(${savedViews.name})`, name.toLowerCase()),
        exceptId === undefined ? undefined : ne(savedViews.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertView(db: Db, values: typeof savedViews.$inferInsert): Promise<SavedViewRow> {
  const [row] = await db.insert(savedViews).values(values).returning();
  return row!;
}

/** Changes a view; when it stops being shared, the other administrators' defaults on it go. */
export async function updateView(db: Db, id: number, values: Partial<Pick<SavedViewRow, 'name' | 'query' | 'columns' | 'shared'>>): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(savedViews)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(savedViews.id, id))
      .returning({ authorId: savedViews.authorId, shared: savedViews.shared });
    if (row && !row.shared) await tx.delete(defaultViews).where(and(eq(defaultViews.viewId, id), ne(defaultViews.administratorId, row.authorId)));
  });
}

/** Deletes a view (and every default on it). */
export async function deleteView(db: Db, id: number): Promise<void> {
  await db.delete(savedViews).where(eq(savedViews.id, id));
}

/** Sets or clears an administrator's default view of a list. */
export async function setDefaultView(db: Db, administratorId: number, screen: string, viewId: number | null): Promise<void> {
  if (viewId === null) {
    await db.delete(defaultViews).where(and(eq(defaultViews.administratorId, administratorId), eq(defaultViews.screen, screen)));
    return;
  }
  await db
    .insert(defaultViews)
    .values({ administratorId, screen, viewId })
    .onConflictDoUpdate({ target: [defaultViews.administratorId, defaultViews.screen], set: { viewId } });
}
