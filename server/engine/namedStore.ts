import { translationsOf } from '../../common/translationsOf.js';
import type { NamedTable } from '../db/repositories/engine/namedListRepository.js';
import { NAME_SEARCH, NAMED_FIELDS } from './declaration.js';
import { columnOf } from '../db/repositories/engine/filterConditions.js';
import { clashingNameLocales, parentIdOf } from '../db/repositories/engine/resourceRepository.js';
import { unprocessable } from '../http/errors.js';
import { declaredStore, searchOf } from './declaredStore.js';
import type { NamedResourceDefinition, ResourceStore } from './resourceTypes.js';

/** A read-only list of translatable names (`GET admin/{api}` and `GET admin/{api}/{id}` only), searched by `name`. */
export function readOnlyNamedList(api: string, label: string, table: NamedTable, screen?: string): NamedResourceDefinition {
  return { api, label, table, ...(screen ? { screen } : {}), fields: NAMED_FIELDS, filters: NAME_SEARCH };
}

/**
 * The store of a named list: derived from its declaration (server/engine/declaredStore.ts), its
 * search text every locale of its names, with the rules of such lists.
 */
export function namedStore(definition: NamedResourceDefinition): ResourceStore {
  const { table, label, tree } = definition;
  const noun = label.toLowerCase();
  const parentColumn = tree && columnOf(table, String(definition.fields[tree.field]?.column));
  return declaredStore({
    table,
    fields: definition.fields,
    searchText: searchOf('names'),
    rules: {
      async beforeSave(db, id, body) {
        const parent = tree ? body[tree.field] : undefined;
        /** Rule: a record cannot go under itself or one of its descendants (the parent's existence is the declared reference's check). */
        if (tree && parentColumn && id !== undefined && typeof parent === 'number') {
          const seen = new Set<number>();
          for (
            let node: number | null | undefined = parent;
            typeof node === 'number' && !seen.has(node);
            node = await parentIdOf(db, table, parentColumn, node)
          ) {
            if (node === id) throw unprocessable({ [tree.field]: [`A ${noun} cannot be its own parent or be placed under one of its descendants.`] });
            seen.add(node);
          }
        }
        /** Rule: two records of one list (siblings, in a tree) cannot share a name in the same language. */
        if (definition.uniqueNames) {
          const names = translationsOf(body.names);
          const parentId = tree ? ((parent as number | null | undefined) ?? null) : undefined;
          const clashes = await clashingNameLocales(db, table as never, names, { id, parentColumn, parentId });
          const message = `A ${noun} with this name already exists${tree ? ' at this level' : ''}.`;
          if (clashes.length) throw unprocessable(Object.fromEntries(clashes.map((locale) => [`names.${locale}`, [message]])));
        }
      },
    },
  });
}
