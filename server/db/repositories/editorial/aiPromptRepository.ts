import { eq } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { aiPrompts, type AiPrompt } from '../../schema/editorial.js';

/** The prompt of an AI source (`report`, `manuscript`). */
export async function findAiPromptByLabel(db: Db, label: string): Promise<AiPrompt | undefined> {
  const [row] = await db.select().from(aiPrompts).where(eq(aiPrompts.label, label)).limit(1);
  return row;
}
