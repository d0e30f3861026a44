import { buffer } from 'node:stream/consumers';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Storage } from '../storage/Storage.js';

/** A manuscript that cannot give the AI its text, in words staff can read. */
export class ManuscriptTextError extends Error {}

/**
 * The text of a stored manuscript (a PDF, SPEC §9), pages joined, for the prompt's `{{context}}`.
 * A scan without a text layer, a damaged file or a file gone from the storage is refused with the
 * reason, so the sheet says why no draft was made.
 */
export async function manuscriptText(storage: Storage, key: string): Promise<string> {
  const file = await storage.get(key);
  if (!file) throw new ManuscriptTextError('The manuscript file is missing from the storage: upload it again.');
  let text: string;
  try {
    const pdf = await getDocumentProxy(new Uint8Array(await buffer(file.stream)));
    text = (await extractText(pdf, { mergePages: true })).text;
  } catch (error) {
    throw new ManuscriptTextError(`The manuscript could not be read as a PDF (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (!/\S/.test(text))
    throw new ManuscriptTextError('The manuscript has no text to read (a scan without a text layer?): generate from the report, or upload a PDF with text.');
  return text.trim();
}
