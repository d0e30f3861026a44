import type { Db } from '../../client.js';
import { authorTypes, contactTypes, demandTypes } from '../../schema/reference.js';
import { upsertRows } from './upsert.js';

/** What a subscriber (a producer) can ask about a reading sheet. */
export const DEMAND_TYPES = [
  { id: 1, name: 'Rights information' },
  { id: 2, name: 'Reading copy' },
  { id: 3, name: 'Full reading report' },
  { id: 4, name: 'Introduction to the rights holder' },
  { id: 5, name: 'Other' },
] as const;

/** The part a person played in a book. 1 is the default when an author is added to a sheet. */
const AUTHOR_TYPES = [
  { id: 1, name: 'Author' },
  { id: 2, name: 'Co-author' },
  { id: 3, name: 'Illustrator' },
  { id: 4, name: 'Translator' },
  { id: 5, name: 'Scriptwriter' },
  { id: 6, name: 'Editor' },
] as const;

/** The kind of professional a contact (a source of sheets or a rights holder) is. */
const CONTACT_TYPES = [
  { id: 1, label: 'Publisher' },
  { id: 2, label: 'Literary agent' },
  { id: 3, label: 'Scout' },
  { id: 4, label: 'Producer' },
  { id: 5, label: 'Author' },
  { id: 6, label: 'Translator' },
  { id: 7, label: 'Other' },
] as const;

/** Upserts the request, author and contact types by their fixed ids. */
export async function seedTypeLists(db: Db): Promise<void> {
  await upsertRows(db, demandTypes, demandTypes.id, DEMAND_TYPES);
  await upsertRows(db, authorTypes, authorTypes.id, AUTHOR_TYPES);
  await upsertRows(db, contactTypes, contactTypes.id, CONTACT_TYPES);
}
