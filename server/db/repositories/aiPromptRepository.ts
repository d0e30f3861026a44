import { count, eq, type SQL } from 'drizzle-orm';
import type { Translations } from '../../../common/locales.js';
import type { Paging } from '../paging.js';
import type { Db } from '../client.js';
import { aiPrompts, type AiPrompt } from '../schema/editorial.js';

/** One page of AI prompts ordered by id, matching `where` (the list's declared filters). */
export async function listAiPrompts(db: Db, options: { where: SQL | undefined; paging: Paging }): Promise<{ rows: AiPrompt[]; total: number }> {
  const { where } = options;
  const rows = await db.select().from(aiPrompts).where(where).orderBy(aiPrompts.id).limit(options.paging.perPage).offset(options.paging.offset);
  const [total] = await db.select({ value: count() }).from(aiPrompts).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findAiPrompt(db: Db, id: number): Promise<AiPrompt | undefined> {
  const [row] = await db.select().from(aiPrompts).where(eq(aiPrompts.id, id)).limit(1);
  return row;
}

/** The prompt of an AI source (`report`, `manuscript`). */
export async function findAiPromptByLabel(db: Db, label: string): Promise<AiPrompt | undefined> {
  const [row] = await db.select().from(aiPrompts).where(eq(aiPrompts.label, label)).limit(1);
  return row;
}

/** Updates the texts of a prompt (never its label); undefined when it does not exist. */
export async function updateAiPrompt(db: Db, id: number, values: { contents: Translations; jsonStructure: string }): Promise<AiPrompt | undefined> {
  const [row] = await db
    .update(aiPrompts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(aiPrompts.id, id))
    .returning();
  return row;
}
