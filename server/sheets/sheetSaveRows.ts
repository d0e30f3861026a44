import type { CharacterRow, SeriesRow } from '../db/repositories/sheets/sheetWriteRepository.js';
import { bookSearchText, type NewBook, type RatingType } from '../db/schema/index.js';
import { sheetColumnValues } from './sheetColumnFields.js';
import { ratingsOf, type SheetInput } from './sheetSaveInput.js';

/**
 * The book columns of a valid sheet: what every save writes. The manuscript, the version and the
 * statuses are left to the write, which knows whether it creates or updates.
 */
export function sheetColumns(sheet: SheetInput, authorNames: readonly string[], now: Date): Omit<NewBook, 'statusId' | 'rightsStatusId'> {
  return {
    ...(sheetColumnValues(sheet as Record<string, unknown>) as Pick<NewBook, 'originalTitle'>),
    searchText: bookSearchText(sheet.original_title, sheet.titles ?? {}, authorNames),
    updatedAt: now,
  };
}

/** The lists of a sheet as the write repository stores them (an absent list is empty, but for the reporters); those its declaration says as data are the engine's. */
export interface SheetLists {
  /** The reporters listing the sheet; undefined when the save does not send `reporterList` (links left as they are). */
  reporters: number[] | undefined;
  series: SeriesRow[];
  characters: CharacterRow[];
  ratings: { type: RatingType; rate: number }[];
}

/** A valid sheet's own lists, with the defaults the database expects. */
export function sheetLists(sheet: SheetInput): SheetLists {
  return {
    reporters: sheet.reporterList?.map((reporter) => reporter.id),
    series: sheet.seriesList?.map(({ id, name, number }) => ({ id, name, number })) ?? [],
    characters:
      sheet.characters?.map((character) => ({
        id: character.id,
        name: character.name,
        functionId: character.function ?? null,
        genderId: character.gender ?? null,
        countryId: character.country ?? null,
        topologyId: character.topology ?? null,
        ageIds: character.ages ?? [],
        characterisations: character.characterisations ?? {},
        issues: character.issues ?? {},
        evolutions: character.evolutions ?? {},
      })) ?? [],
    ratings: ratingsOf(sheet),
  };
}
