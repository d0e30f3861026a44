import { LOCALES } from '../../common/locales.js';
import { recordedFields } from './declaration.js';
import { RESOURCES } from '../resources/index.js';
import { listQuerySchema } from './listQuerySchema.js';
import { sheetListQuerySchema, readingSheetList } from '../resources/readingSheets.js';
import { recordSchema } from './recordSchemas.js';
import type { ResourceDefinition } from './resourceTypes.js';

/** The `lang` parameter of a resource with `languageParam`. */
export const LANGUAGE_QUERY = { lang: { type: 'string', enum: LOCALES } } as const;

/** The querystring schema of a resource's list (`GET admin/{api}`): paging, its declared filters, `lang` where it takes one. */
export function resourceListQuery(definition: ResourceDefinition) {
  return listQuerySchema(definition.table, definition.filters ?? {}, definition.languageParam ? LANGUAGE_QUERY : {});
}

/** What a screen's list takes and gives: the parameters its address may hold and the fields of its rows. */
export interface ListContract {
  screen: string;
  /** The list's API (`books`, `genres`). */
  api: string;
  /** The querystring schema its route validates with: every parameter it accepts. */
  query: { readonly type: 'object'; readonly properties: Readonly<Record<string, object>> };
  /** The parameters among `query`'s that are declared filters (a screen offers those it shows). */
  filters: readonly string[];
  /** The fields each row of the list has (what its screen's columns, and those it offers, may name). */
  fields: readonly string[];
  /** The fields whose change a revision of its rows shows (a bulk `set` writes no other); absent: every field a save writes. */
  recorded?: readonly string[];
}

let contracts: ReadonlyMap<string, ListContract> | undefined;

/**
 * Every screen's list, by screen (its resource name: `reading-sheets`, `genres`), derived from the
 * same declarations as the list routes: the reading sheets' `GET admin/books`, and each resource
 * with a screen. What saved views are checked against (server/engine/views/savedViews.ts).
 */
export function listContracts(): ReadonlyMap<string, ListContract> {
  contracts ??= new Map<string, ListContract>([
    [
      readingSheetList.screen,
      {
        screen: readingSheetList.screen,
        api: readingSheetList.api,
        query: sheetListQuerySchema,
        filters: Object.keys(readingSheetList.filters),
        fields: Object.keys(recordSchema(readingSheetList.table, readingSheetList.fields, 'list').properties as object),
      },
    ],
    ...RESOURCES.filter((definition): definition is ResourceDefinition & { screen: string } => typeof definition.screen === 'string').map(
      (definition) =>
        [
          definition.screen,
          {
            screen: definition.screen,
            api: definition.api,
            query: resourceListQuery(definition),
            filters: Object.keys(definition.filters ?? {}),
            fields: Object.keys(recordSchema(definition.table, definition.fields, 'list').properties as object),
            recorded: recordedFields(definition),
          },
        ] as const,
    ),
  ]);
  return contracts;
}
