import { SORT_KEY_PATTERNS, type BookListPosition, type SheetSort } from '../db/repositories/sheets/sheetListRepository.js';

/**
 * The `after` / `before` cursors of `GET admin/books` (`meta.next_cursor`, `meta.prev_cursor`):
 * a row's position in the list's order (tier, sort value, id) as opaque base64url JSON, so the
 * client pages past any depth without an offset (docs/books-list.md).
 */
export function encodeSheetCursor(position: BookListPosition): string {
  return Buffer.from(JSON.stringify([position.tier, position.key, position.id])).toString('base64url');
}

/**
 * The position a cursor holds, or undefined when it is not one of ours for this sort (made for
 * another sort, altered or truncated): the route answers 422 then.
 */
export function decodeSheetCursor(cursor: string, sort: SheetSort): BookListPosition | undefined {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length !== 3) return undefined;
  const [tier, key, id] = value as unknown[];
  if (tier !== 0 && tier !== 1) return undefined;
  if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > 2_147_483_647) return undefined;
  const pattern = SORT_KEY_PATTERNS[sort];
  if (pattern === null) {
    if (key !== null) return undefined;
  } else if (key === null) {
    // Only the publication date has empty values.
    if (sort !== 'publication_date') return undefined;
  } else if (typeof key !== 'string' || !pattern.test(key)) return undefined;
  return { tier, key: key as string | null, id: id as number };
}
