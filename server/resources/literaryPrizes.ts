import { pickTranslation, type Translations } from '../../common/locales.js';
import { labelTaken } from '../db/repositories/directory/literaryPrizeRepository.js';
import { bookLiteraryPrizes } from '../db/schema/book-criteria.js';
import { literaryPrizes } from '../db/schema/index.js';
import { unprocessable } from '../http/errors.js';
import { declaredStore, searchOf } from '../engine/declaredStore.js';
import type { CustomResourceDefinition } from '../engine/resourceTypes.js';
import { STRING } from '../../common/answerSchemas.js';

export const LITERARY_PRIZE_MESSAGES = {
  labelTaken: 'A literary prize with this label already exists.',
  inUse: 'This literary prize is used by reading sheets and cannot be deleted.',
} as const;

const fields = {
  id: { column: 'id' },
  label: { column: 'label' },
  name: { computed: 'the English name, else the label', schema: STRING, compute: (record) => pickTranslation(record.names as Translations) || record.label },
  names: { column: 'names', codec: 'translations' },
  canBeDeleted: { relation: { count: bookLiteraryPrizes, column: 'literaryPrizeId', none: true } },
} as const satisfies CustomResourceDefinition['fields'];

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
  fields,
  // SPEC §7: the list takes `label`; `name` is every list's search. Both search the label and every name.
  filters: { label: { column: 'searchText', op: 'search' }, name: { column: 'searchText', op: 'search' } },
  store: declaredStore({
    table: literaryPrizes,
    fields,
    searchText: searchOf('label', 'names'),
    rules: {
      /** Rule: labels are unique, whatever their case. */
      async beforeSave(db, id, body) {
        if (await labelTaken(db, body.label as string, id)) throw unprocessable({ label: [LITERARY_PRIZE_MESSAGES.labelTaken] });
      },
      unique: { field: 'label', message: LITERARY_PRIZE_MESSAGES.labelTaken },
    },
  }),
};
