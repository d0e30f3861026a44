/**
 * Shared fixtures of the reading-sheet save and read tests (book-save.test.ts, book-read.test.ts):
 * reference ids, a directory (companies, authors, contacts, prizes), a full sheet, multipart bodies
 * built by hand, and sample file contents that pass the upload content checks.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { normalizeJsonForm, type FormSchema } from '../../server/http/multipartForm.js';
import { READING_SHEET_SCHEMA } from '../../server/sheets/sheetSaveInput.js';
import type { LocalDiskStorage } from '../../server/storage/index.js';

export { fullSheet, referenceIds, seedDirectory, type Directory, type FullSheet, type ReferenceIds } from '../../scripts/harness/fullSheet.js';

// ---------------------------------------------------------------------------------------------
// Files

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const HEADS = {
  pdf: bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'),
  jpg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF\0', [1, 1, 0]),
  docx: bytes([0x50, 0x4b, 0x03, 0x04, 20, 0, 6, 0], '[Content_Types].xml'),
  mp4: bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]),
  mp3: bytes('ID3', [4, 0, 0, 0, 0, 0, 0x23, 0, 0, 0, 0, 0, 0]),
} as const;
export type SampleKind = keyof typeof HEADS;

/** A file of `size` bytes (default 200) whose first bytes are those of `kind`. */
export function sample(kind: SampleKind, size = 200): Buffer {
  const file = Buffer.alloc(Math.max(size, HEADS[kind].length), 0x20);
  HEADS[kind].copy(file);
  return file;
}

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer };

const BOUNDARY = '----book-save-test-boundary-Qm9va1NhdmU';

/** A multipart/form-data body built by hand, for `app.inject`. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('filename' in part ? part.content : Buffer.from(part.value, 'utf8'), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** A JSON sheet as the form names of SPEC §7: `genres[]`, `titles[fr]`, `seriesList[0][name]`, `characters[0][ages][]` … */
function toEntries(value: unknown, prefix = ''): [string, string][] {
  if (Array.isArray(value)) {
    return value.flatMap((item, i) =>
      item !== null && typeof item === 'object' ? toEntries(item, `${prefix}[${i}]`) : [[`${prefix}[]`, String(item)] as [string, string]],
    );
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => (item === undefined ? [] : toEntries(item, prefix ? `${prefix}[${key}]` : key)));
  }
  return value === undefined || value === null ? [] : [[prefix, String(value)]];
}

/** Form parts of a JSON sheet plus files. */
export function sheetParts(sheet: object, files: Part[] = []): Part[] {
  return [...toEntries(sheet).map(([name, value]) => ({ name, value })), ...files];
}

/** Every file under the storage root (temporary ones included), relative, sorted. */
export async function storedFiles(storage: LocalDiskStorage): Promise<string[]> {
  try {
    const entries = await readdir(storage.root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(storage.root, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

/** The storage key in a file URL (`/api/admin/files/<key>?name=…`). */
export const keyOfUrl = (url: string) => decodeURIComponent(url.replace(/^\/api\/admin\/files\//, '').replace(/\?.*$/, ''));

const READ_ONLY_ITEM_KEYS: Record<string, string[]> = {
  authorList: ['name'],
  sourceList: ['name'],
  contactList: ['name', 'company'],
  characters: ['key'],
  seriesList: [],
};

/**
 * The writable part of a `GET admin/books/{id}` answer, normalised like a JSON save (nulls and
 * display-only names dropped, empty maps and lists dropped), to compare with what was saved.
 */
export function writablePart(data: Record<string, unknown>, { keepIds = false } = {}): Record<string, unknown> {
  const properties = Object.entries(READING_SHEET_SCHEMA.properties)
    .filter(([key, property]) => key !== 'version' && key !== 'withNotification' && !(property as { readOnly?: boolean }).readOnly)
    .map(([key]) => key);
  const picked = Object.fromEntries(properties.filter((key) => key in data).map((key) => [key, data[key]]));
  const normalized = normalizeJsonForm(picked, READING_SHEET_SCHEMA as FormSchema) as Record<string, unknown>;
  const isEmpty = (value: unknown) =>
    Array.isArray(value) ? value.length === 0 : value !== null && typeof value === 'object' && Object.keys(value).length === 0;
  for (const [key, drop] of Object.entries(READ_ONLY_ITEM_KEYS)) {
    const items = normalized[key] as Record<string, unknown>[] | undefined;
    normalized[key] = items?.map((item) => Object.fromEntries(Object.entries(item).filter(([name, value]) => !drop.includes(name) && !isEmpty(value))));
  }
  if (!keepIds) {
    for (const key of ['seriesList', 'characters']) {
      normalized[key] = (normalized[key] as Record<string, unknown>[] | undefined)?.map(({ id: _id, ...item }) => item);
    }
  }
  return Object.fromEntries(Object.entries(normalized).filter(([, value]) => value !== undefined && !isEmpty(value)));
}
