/** The five characters that can end a text or an attribute value in HTML, and their references. */
const REFERENCES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * `value` as HTML text or as a quoted attribute value: what a person typed (a title, a name) shows
 * as typed and is never read as markup. Every HTML the server builds from strings goes through it
 * (today the subscriber e-mails, server/notifications/compose.ts).
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => REFERENCES[character]!);
}
