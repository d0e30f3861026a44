import { LOCALES, pickTranslation, searchNormal, type Translations } from '../../common/locales.js';
import { PG_ERRORS, pgErrorCode } from '../db/errors.js';
import { literaryPrizes } from '../db/schema/index.js';
import {
  deleteLiteraryPrize,
  findLiteraryPrize,
  insertLiteraryPrize,
  labelTaken,
  listLiteraryPrizes,
  updateLiteraryPrize,
  type LiteraryPrizeRow,
} from '../db/repositories/literaryPrizeRepository.js';
import { unprocessable } from '../http/errors.js';
import type { CustomResourceDefinition } from './types.js';

export const LITERARY_PRIZE_MESSAGES = {
  labelTaken: 'A literary prize with this label already exists.',
  inUse: 'This literary prize is used by reading sheets and cannot be deleted.',
} as const;

/** A prize as the API sends it: `name` in English (else the label), and whether it can be deleted. */
export function literaryPrizeToApi(row: LiteraryPrizeRow): Record<string, unknown> {
  return { id: row.id, label: row.label, name: pickTranslation(row.names) || row.label, names: row.names, canBeDeleted: row.canBeDeleted };
}

const searchTextOf = (label: string, names: Translations) => searchNormal([label, ...LOCALES.map((locale) => names[locale])].filter(Boolean).join(' '));

/**
 * Literary prizes (SPEC §2 'Literary-prize screens', §3): a unique label and translatable names.
 * `canBeDeleted` is false while a reading sheet uses the prize; such a delete is refused (409).
 */
export const literaryPrizeResource: CustomResourceDefinition = {
  api: 'literary-prizes',
  label: 'Literary prize',
  screen: 'literary-prizes',
  inUseMessage: LITERARY_PRIZE_MESSAGES.inUse,
  table: literaryPrizes,
  fields: {
    id: { column: 'id' },
    label: { column: 'label' },
    name: { column: 'names', codec: 'englishName' },
    names: { column: 'names' },
    canBeDeleted: { computed: 'false while a reading sheet uses the prize' },
  },
  // SPEC §7: the list takes `label`; `name` is every list's search. Both search the label and every name.
  filters: { label: { column: 'searchText', op: 'search' }, name: { column: 'searchText', op: 'search' } },
  store: {
    async list(db, query) {
      const { rows, total } = await listLiteraryPrizes(db, { where: query.where, paging: query });
      return { rows: rows.map(literaryPrizeToApi), total };
    },
    async find(db, id) {
      const row = await findLiteraryPrize(db, id);
      return row && literaryPrizeToApi(row);
    },
    async save(db, id, body) {
      const label = body.label as string;
      const names = Object.fromEntries(Object.entries((body.names ?? {}) as Translations).filter(([, value]) => value)) as Translations;
      if (await labelTaken(db, label, id)) throw unprocessable({ label: [LITERARY_PRIZE_MESSAGES.labelTaken] });
      const values = { label, names, searchText: searchTextOf(label, names) };
      let savedId = id;
      try {
        if (id === undefined) savedId = await insertLiteraryPrize(db, values);
        else if (!(await updateLiteraryPrize(db, id, values))) throw unprocessable({ id: ['This literary prize no longer exists.'] });
      } catch (error) {
        if (pgErrorCode(error) === PG_ERRORS.uniqueViolation) throw unprocessable({ label: [LITERARY_PRIZE_MESSAGES.labelTaken] });
        throw error;
      }
      return literaryPrizeToApi((await findLiteraryPrize(db, savedId!))!);
    },
    remove: (db, id) => deleteLiteraryPrize(db, id),
  },
};
