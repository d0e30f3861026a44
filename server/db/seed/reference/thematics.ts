import type { Db } from '../../client.js';
import { thematics } from '../../schema/reference.js';
import { searchTextOf, type Names, type NamedEntry } from './names.js';
import tree from './thematics.json' with { type: 'json' };
import { syncIdSequence, upsertRows } from './upsert.js';

/** A thematic and the instruction telling the AI, in each locale, when a book has it. */
interface ThematicEntry extends NamedEntry {
  aiDescriptions: Names;
}

/** A top-level thematic and its sub-thematics. */
interface ThematicSeed extends ThematicEntry {
  children: readonly ThematicEntry[];
}

/**
 * The thematic tree, kept as data in thematics.json: top thematics have ids 1 to 10,
 * sub-thematics follow from 11. New entries take the next free id, never a reused one.
 */
const THEMATICS: readonly ThematicSeed[] = tree;

/** The thematic rows, parents before children, with `search_text` built from the names only. */
function thematicRows() {
  return THEMATICS.flatMap((thematic) => [
    { id: thematic.id, parentId: null, names: thematic.names, aiDescriptions: thematic.aiDescriptions, searchText: searchTextOf(thematic.names) },
    ...thematic.children.map((child) => ({
      id: child.id,
      parentId: thematic.id,
      names: child.names,
      aiDescriptions: child.aiDescriptions,
      searchText: searchTextOf(child.names),
    })),
  ]);
}

/** Upserts the thematic tree by id in one statement, then syncs the id sequence. */
export async function seedThematics(db: Db): Promise<void> {
  await upsertRows(db, thematics, thematics.id, thematicRows());
  await syncIdSequence(db, thematics);
}
