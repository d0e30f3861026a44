import type { AiDraftCharacter, AiDraftRecord } from '../../../../common/aiDraft';
import type { ApiRecord } from '../../../engine/api/resourceApi';
import { applySheetRules } from '../sheetForm';
import { comparisonOf, type ComparisonRow, type ComparisonSection } from './comparisonSections';

/**
 * A value taken from the draft into the sheet. `key` is the row's (`titles`' row is `title`,
 * a rating's `ratings.plot`), or `characters.{n}` for the draft's n-th character. `value` is what
 * the transfer resolved: the directory's authors to add or company to set, or the id of the saved
 * character an AI character replaces (none adds it).
 */
export interface Transfer {
  key: string;
  value?: number | NamedRecord[] | undefined;
}

/** A directory record a draft's name matched. */
export interface NamedRecord {
  id: number;
  name: string;
}

type Translations = Partial<Record<string, string>>;
/** A character as the sheet's API writes it. */
export interface SheetCharacter {
  id?: number;
  key?: string;
  name: string;
  function?: number;
  gender?: number;
  ages?: number[];
  country?: number;
  topology?: number;
  characterisations?: Translations;
  issues?: Translations;
  evolutions?: Translations;
}

const present = (text: unknown): text is string => typeof text === 'string' && text.trim() !== '';

/** What the draft proposes for a row; undefined when it proposes nothing (an empty text or list, no id, no rating). */
export function aiValue(row: ComparisonRow, draft: AiDraftRecord): unknown {
  switch (row.kind) {
    case 'text':
      return present(draft[row.key]) ? draft[row.key] : undefined;
    case 'name':
      return present(draft[row.from]) ? draft[row.from] : undefined;
    case 'criterion': {
      const value = draft.criteria[row.key];
      if (Array.isArray(value)) return value.length ? value : undefined;
      return typeof value === 'number' ? value : undefined;
    }
    case 'rating':
      return typeof draft.ratings[row.type] === 'number' ? draft.ratings[row.type] : undefined;
    case 'characters':
      return draft.characters.length ? draft.characters : undefined;
  }
}

/** The sheet's value of a row (a text in the draft's language). */
export function sheetValue(row: ComparisonRow, sheet: ApiRecord, locale: string): unknown {
  switch (row.kind) {
    case 'text':
      return (sheet[row.field] as Translations | undefined)?.[locale];
    case 'rating':
      return (sheet.ratings as Partial<Record<string, number>> | undefined)?.[row.type];
    default:
      return sheet[row.key];
  }
}

const sameIds = (a: unknown, b: unknown) => (Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((id) => b.includes(id)) : a === b);

/** Whether the sheet already holds what the draft proposes for a row (nothing to transfer). */
export function holdsAiValue(row: ComparisonRow, sheet: ApiRecord, draft: AiDraftRecord): boolean {
  const proposed = aiValue(row, draft);
  if (proposed === undefined || row.kind === 'characters' || row.kind === 'name') return false;
  const saved = sheetValue(row, sheet, draft.locale);
  if (row.kind === 'text') return present(saved) && saved.trim() === (proposed as string).trim();
  return sameIds(saved, proposed);
}

/** The text of a translatable map with `locale` set to `text`, its other languages kept. */
const withText = (map: unknown, locale: string, text: string | undefined): Translations | undefined =>
  present(text) ? { ...((map as Translations | undefined) ?? {}), [locale]: text } : (map as Translations | undefined);

/**
 * An AI character as a sheet character, in the draft's language. Replacing a saved one keeps its
 * id (the sheet updates it), its other languages, and what the AI leaves empty.
 */
function characterFrom(ai: AiDraftCharacter, locale: string, replaced?: SheetCharacter, key?: string): SheetCharacter {
  const pick = <T>(value: T | null | undefined, saved: T | undefined) => (value === null || value === undefined ? saved : value);
  const character: SheetCharacter = {
    ...(replaced ?? (key ? { key } : {})),
    name: ai.name,
    function: pick(ai.function_id, replaced?.function),
    gender: pick(ai.gender_id, replaced?.gender),
    country: pick(ai.country_id, replaced?.country),
    topology: pick(ai.topology_id, replaced?.topology),
    ages: ai.age_ids?.length ? ai.age_ids : replaced?.ages,
    characterisations: withText(replaced?.characterisations, locale, ai.characterisation),
    issues: withText(replaced?.issues, locale, ai.issue),
    evolutions: withText(replaced?.evolutions, locale, ai.evolution),
  };
  for (const name of Object.keys(character) as (keyof SheetCharacter)[]) if (character[name] === undefined) delete character[name];
  return character;
}

/** The index of the draft character a `characters.{n}` transfer takes; undefined for other keys. */
export const characterIndex = (key: string): number | undefined => (/^characters\.(\d+)$/.exec(key) ? Number(key.slice('characters.'.length)) : undefined);

function applyOne(sheet: ApiRecord, draft: AiDraftRecord, transfer: Transfer): ApiRecord {
  const index = characterIndex(transfer.key);
  if (index !== undefined) {
    const ai = draft.characters[index];
    if (!ai) return sheet;
    const saved = (sheet.characters as SheetCharacter[] | undefined) ?? [];
    const at = typeof transfer.value === 'number' ? saved.findIndex((character) => character.id === transfer.value) : -1;
    if (at < 0) return { ...sheet, characters: [...saved, characterFrom(ai, draft.locale, undefined, `ai-${index}`)] };
    return { ...sheet, characters: saved.map((character, i) => (i === at ? characterFrom(ai, draft.locale, character) : character)) };
  }
  const row = comparisonOf().rows.get(transfer.key);
  if (!row) return sheet;
  const proposed = aiValue(row, draft);
  switch (row.kind) {
    case 'text':
      return proposed === undefined ? sheet : { ...sheet, [row.field]: withText(sheet[row.field], draft.locale, proposed as string) };
    case 'criterion':
      return proposed === undefined ? sheet : { ...sheet, [row.key]: Array.isArray(proposed) ? [...proposed] : proposed };
    case 'rating':
      return proposed === undefined ? sheet : { ...sheet, ratings: { ...((sheet.ratings as object | undefined) ?? {}), [row.type]: proposed } };
    case 'name': {
      const matched = Array.isArray(transfer.value) ? transfer.value : [];
      if (row.key === 'company_id') return matched[0] ? { ...sheet, company_id: matched[0].id, company: matched[0] } : sheet;
      const authors = (sheet.authorList as { id: number }[] | undefined) ?? [];
      const added = matched.filter((record) => !authors.some((author) => author.id === record.id));
      // Type 1 is the schema's default author type; `name` is shown only (the save ignores it).
      return added.length ? { ...sheet, authorList: [...authors, ...added.map(({ id, name }) => ({ id, type: 1, name }))] } : sheet;
    }
    case 'characters':
      return sheet;
  }
}

/**
 * The sheet with the transfers made, in order, under the editor's rules (a primary genre no longer
 * among the genres is cleared). Made again on the sheet as reloaded after a conflict, so the
 * transfers outlive it.
 */
export function applyTransfers(sheet: ApiRecord, draft: AiDraftRecord, transfers: readonly Transfer[]): ApiRecord {
  if (!transfers.length) return sheet;
  const next = transfers.reduce((current, transfer) => applyOne(current, draft, transfer), sheet);
  return applySheetRules(sheet, next) as ApiRecord;
}

/** A name without case, accents or extra spaces, to match the draft's names with the directory. */
export const normalizeName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** The names of a draft's author field: 'A, B & C' or 'A and B' are three or two names. */
export const splitNames = (names: string) =>
  names
    .split(/\s*(?:,|;|&|\band\b|\bet\b)\s*/i)
    .map((name) => name.trim())
    .filter(Boolean);

/**
 * The transfers a section's button makes: every row of the section with a proposal the sheet does
 * not hold yet and not transferred already; each AI character replaces the saved one of the same
 * name, or is added. `names` holds the directory matches of the name rows (none: not transferable).
 */
export function sectionTransfers(
  section: ComparisonSection,
  sheet: ApiRecord,
  draft: AiDraftRecord,
  transfers: readonly Transfer[],
  names: Partial<Record<'authorList' | 'company_id', NamedRecord[]>>,
): Transfer[] {
  const done = new Set(transfers.map((transfer) => transfer.key));
  const out: Transfer[] = [];
  for (const row of section.rows) {
    if (row.kind === 'characters') {
      const saved = (sheet.characters as SheetCharacter[] | undefined) ?? [];
      draft.characters.forEach((character, index) => {
        if (done.has(`characters.${index}`)) return;
        const same = saved.find((candidate) => candidate.id !== undefined && normalizeName(candidate.name) === normalizeName(character.name));
        out.push({ key: `characters.${index}`, value: same?.id });
      });
      continue;
    }
    if (done.has(row.key) || aiValue(row, draft) === undefined || holdsAiValue(row, sheet, draft)) continue;
    if (row.kind === 'name') {
      const value = names[row.key];
      if (value?.length) out.push({ key: row.key, value });
      continue;
    }
    out.push({ key: row.key });
  }
  return out;
}
