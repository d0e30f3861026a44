import { DEFAULT_LOCALE, LOCALES } from '../../../common/locales.js';
import type { Json, Snapshot } from '../../../common/recordChanges.js';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { rowExists } from '../../db/repositories/engine/directoryRepository.js';
import { keptByHistory, type FieldDeclaration, type ResourceSurface } from '../declaration.js';
import type { ResourceStore } from '../resourceTypes.js';

/**
 * How the history sees the records of one resource (docs/record-history.md): the record's own
 * fields as its answer carries them, read inside a write's transaction before and after it, so the
 * one write path diffs them into a revision (server/engine/recordWrites.ts). Derived from the
 * resource's declaration: no resource writes history code of its own.
 */
export interface HistorySubject {
  /** The record as its revisions see it, undefined when there is none. */
  read(db: Db, id: number): Promise<Snapshot | undefined>;
  /** Whether the record exists now (one indexed read: the drawer says when it was deleted). */
  exists(db: Db, id: number): Promise<boolean>;
  /** The screen whose labels name the fields (its version in use is kept with each revision). */
  screen?: string;
  /** The view of a record its store just read (a save's answer), when one read is all it takes. */
  view?(record: Record<string, unknown>): Snapshot;
}

/** A stored file as a revision keeps it: its name and size, never its content nor its key. */
function fileView(value: unknown): Json {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    // A declared file field answers its URL: the name is its last segment.
    const name = decodeURIComponent(value.split('?')[0]!.split('/').at(-1) ?? value);
    return { name };
  }
  const file = value as { id?: number; name?: string | null; size?: number | null };
  return { ...(file.id === undefined ? {} : { id: file.id }), name: file.name ?? null, size: file.size ?? null };
}

/**
 * The fields a revision keeps of a declared resource: the record's own data (see
 * `FieldDeclaration.history`): column fields but `id`, listed relations, loaded values.
 */
export function historyFields(surface: Pick<ResourceSurface, 'fields'>): [string, FieldDeclaration][] {
  return Object.entries(surface.fields).filter(([name, field]) => keptByHistory(name, field));
}

/** A field's value as a revision keeps it: a file as its name and size, a list's items without their derived keys. */
function keptValue(field: FieldDeclaration, value: unknown): Json {
  if (field.codec === 'file' || (field.history === 'files' && !Array.isArray(value))) return fileView(value);
  if (field.history === 'files') return (value as unknown[]).map(fileView);
  const derived = field.derivedItemKeys;
  if (derived && Array.isArray(value)) {
    return value.map((item) =>
      item && typeof item === 'object' ? Object.fromEntries(Object.entries(item).filter(([key]) => !derived.includes(key))) : item,
    ) as Json;
  }
  return (value ?? null) as Json;
}

/** The history of a resource whose records its store reads (every declared resource). */
export function declaredHistory(
  surface: Pick<ResourceSurface, 'fields' | 'screen'>,
  store: Pick<ResourceStore, 'find'>,
  table: PgTable & { id: PgColumn },
): HistorySubject {
  const fields = historyFields(surface);
  const perLanguage = fields.filter(([, field]) => field.history === 'perLanguage');
  const plain = fields.filter(([, field]) => field.history !== 'perLanguage');
  const viewOf = (record: Record<string, unknown>): Snapshot => Object.fromEntries(plain.map(([name, field]) => [name, keptValue(field, record[name])]));
  return {
    // The labels of its form name the fields.
    screen: surface.screen,
    ...(perLanguage.length === 0 ? { view: viewOf } : {}),
    exists: (db, id) => rowExists(db, table, id),
    async read(db, id) {
      const record = await store.find(db, id);
      if (!record) return undefined;
      const view = viewOf(record);
      if (perLanguage.length > 0) {
        const maps = Object.fromEntries(perLanguage.map(([name]) => [name, {} as { [locale: string]: Json }]));
        for (const locale of LOCALES) {
          const read = locale === DEFAULT_LOCALE ? record : await store.find(db, id, { lang: locale });
          for (const [name] of perLanguage) maps[name]![locale] = (read?.[name] ?? null) as Json;
        }
        Object.assign(view, maps);
      }
      return view;
    },
  };
}

/** The fields that name a record, in order of preference (a sheet's title, a genre's names, a person's name). */
const NAMING_FIELDS = ['original_title', 'title', 'label', 'name', 'names', 'lastname', 'email', 'role'] as const;

/** What a record is called, for a list of revisions of many records: its title or name (English first), else null. */
export function recordLabel(view: Snapshot | undefined): string | null {
  if (!view) return null;
  for (const field of NAMING_FIELDS) {
    const value = view[field];
    if (typeof value === 'string' && value.trim())
      return field === 'lastname' && typeof view.firstname === 'string' ? `${view.firstname} ${value}`.trim() : value.trim();
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const text = [value[DEFAULT_LOCALE], ...Object.values(value)].find((inner) => typeof inner === 'string' && inner.trim());
      if (typeof text === 'string') return text.trim();
    }
  }
  return null;
}
