import { describe, expect, it } from 'vitest';
import { AI_DRAFT_TEXT_TARGETS, AI_RATING_TYPES, type AiDraftRecord } from '../../../../common/aiDraft';
import { sheetForm, sheetFormOf } from '../sheetForm';
import { screenOf } from '../../../engine/resource/definitions';
import { SHEET_SCREEN } from '../sheetRoute';
import { comparisonOf, rowLabel } from './comparisonSections';
import { aiValue, applyTransfers, holdsAiValue, sectionTransfers, splitNames } from './transfers';

const { sections: COMPARISON_SECTIONS, rows: COMPARISON_ROWS } = comparisonOf();
const sheetFormSchema = sheetForm().resolved;

const draft = (patch: Partial<AiDraftRecord> = {}): AiDraftRecord =>
  ({
    id: 1,
    book_id: 7,
    locale: 'fr',
    model: 'claude-sonnet-5-5',
    generate_from: 'report',
    title: 'Le Secret',
    pitch: 'Un village garde un secret.',
    summary: '',
    author: 'Ann Lee, Bob Ray',
    publishing_house_name: 'Gallimard',
    criteria: { genres: [3, 4], primary_genre: 4, thematics: [9], time_id: 2, literary_prizes: [] },
    characters: [
      { name: 'Léna', function_id: 5, characterisation: 'Une archiviste.' },
      { name: 'Marc', age_ids: [2] },
    ],
    ratings: { plot: 3, quality: 2 },
    justifications: {},
    ratings_justifications: {},
    corrections: [],
    ...patch,
  }) as AiDraftRecord;

const sheet = {
  id: 7,
  version: 4,
  titles: { en: 'The Secret', fr: 'Le secret ancien' },
  genres: [1, 4],
  primary_genre: 1,
  ratings: { plot: 1, commercial: 4 },
  authorList: [{ id: 11, type: 2, name: 'Ann Lee' }],
  characters: [{ id: 30, name: 'Lena', gender: 2, characterisations: { en: 'An archivist.' }, issues: { en: 'Truth.' } }],
};

describe('the AI comparison sections', () => {
  it('compare every text of the draft once, into the translatable map it names, and every rating but the commercial one', () => {
    const texts = COMPARISON_SECTIONS.flatMap((section) => section.rows).filter((row) => row.kind === 'text');
    expect(texts.map((row) => row.key).sort()).toEqual(Object.keys(AI_DRAFT_TEXT_TARGETS).sort());
    for (const row of texts) expect((sheetFormSchema.properties?.[row.field] as { type?: string }).type).toBe('object');
    const ratings = COMPARISON_SECTIONS.find((section) => section.id === 'ratings')!.rows.map((row) => row.key);
    expect(ratings).toEqual(AI_RATING_TYPES.map((type) => `ratings.${type}`));
    expect(ratings).not.toContain('ratings.commercial');
  });

  it("put each text in the section of its map's editor tab (the scouts with the rights), every section in the editor's order", () => {
    expect(Object.fromEntries(COMPARISON_SECTIONS.map((section) => [section.id, section.rows.map((row) => row.key)]))).toEqual({
      base: [
        'title',
        'subtitle',
        'authorList',
        'original_country_id',
        'language_id',
        'time_id',
        'format_id',
        'periods',
        'additional_period',
        'places',
        'additional_place',
      ],
      presentation: ['pitch', 'summary', 'report', 'public_comment', 'newsletter_comment', 'additional_manuscript'],
      criteria: ['audiences', 'genres', 'primary_genre', 'categories', 'thematics', 'literary_prizes'],
      characters: ['characters'],
      rights: ['company_id', 'scout'],
      adaptation: [
        'adaptation_formats',
        'adaptation_kinds',
        'adaptation_budget_id',
        'duration',
        'detailed_summary',
        'key_moments',
        'arena',
        'promise',
        'message',
        'tone',
        'point_of_view',
        'narrative_structure',
        'strong_points',
        'weak_points',
        'book_references',
        'movie_references',
      ],
      ratings: AI_RATING_TYPES.map((type) => `ratings.${type}`),
    });
  });

  it('follow the form in use: a map moved to another tab is compared in its section, at its place in ui:order', () => {
    const form = screenOf(SHEET_SCREEN).form!;
    const uiSchema = structuredClone(form.uiSchema) as unknown as { 'ui:order': string[]; 'ui:options': { tabs: { label: string; fields: string[] }[] } };
    for (const tab of uiSchema['ui:options'].tabs) tab.fields = tab.fields.filter((field) => field !== 'tones');
    uiSchema['ui:options'].tabs.find((tab) => tab.label.endsWith('.base'))!.fields.push('tones');
    uiSchema['ui:order'] = ['tones', ...uiSchema['ui:order'].filter((field) => field !== 'tones')];
    const { sections } = comparisonOf(sheetFormOf({ ...form, uiSchema }));
    expect(sections.find((section) => section.id === 'base')!.rows[0]!.key).toBe('tone');
    expect(sections.find((section) => section.id === 'adaptation')!.rows.map((row) => row.key)).not.toContain('tone');
  });

  it('are the seven of the spec, in order, each row named by the editor label of its field', () => {
    expect(COMPARISON_SECTIONS.map((section) => section.id)).toEqual(['base', 'presentation', 'criteria', 'characters', 'rights', 'adaptation', 'ratings']);
    expect(rowLabel(COMPARISON_ROWS.get('summary')!)).toBe('screens.reading-sheets.fields.summaries');
    expect(rowLabel(COMPARISON_ROWS.get('ratings.plot')!)).toBe('screens.reading-sheets.ratings.plot');
    expect(rowLabel(COMPARISON_ROWS.get('genres')!)).toBe('screens.reading-sheets.fields.genres');
    expect(COMPARISON_ROWS.get('genres')).toMatchObject({ multiple: true, justified: true, source: { api: 'genres' } });
    expect(COMPARISON_ROWS.get('time_id')).toMatchObject({ multiple: false, justified: false, source: { api: 'times' } });
  });
});

describe('transfers from the draft', () => {
  it('put a text into the draft language of its map, keeping the other languages', () => {
    const next = applyTransfers(sheet, draft(), [{ key: 'title' }, { key: 'pitch' }]);
    expect(next.titles).toEqual({ en: 'The Secret', fr: 'Le Secret' });
    expect(next.pitches).toEqual({ fr: 'Un village garde un secret.' });
    expect(sheet.titles.fr).toBe('Le secret ancien');
  });

  it('replace criteria by the proposed ids and clear a primary genre no longer among the genres', () => {
    const next = applyTransfers(sheet, draft({ criteria: { genres: [3, 5] } }), [{ key: 'genres' }]);
    expect(next.genres).toEqual([3, 5]);
    expect(next.primary_genre).toBeUndefined();
    expect(applyTransfers(sheet, draft(), [{ key: 'genres' }, { key: 'primary_genre' }, { key: 'time_id' }])).toMatchObject({
      genres: [3, 4],
      primary_genre: 4,
      time_id: 2,
    });
  });

  it('set one rating, keeping the others and the commercial one', () => {
    expect(applyTransfers(sheet, draft(), [{ key: 'ratings.plot' }]).ratings).toEqual({ plot: 3, commercial: 4 });
  });

  it('add the matched authors not on the sheet yet, and set the matched company with its name', () => {
    const next = applyTransfers(sheet, draft(), [
      {
        key: 'authorList',
        value: [
          { id: 11, name: 'Ann Lee' },
          { id: 12, name: 'Bob Ray' },
        ],
      },
      { key: 'company_id', value: [{ id: 40, name: 'Gallimard' }] },
    ]);
    expect(next.authorList).toEqual([
      { id: 11, type: 2, name: 'Ann Lee' },
      { id: 12, type: 1, name: 'Bob Ray' },
    ]);
    expect(next).toMatchObject({ company_id: 40, company: { id: 40, name: 'Gallimard' } });
  });

  it('add a character in the draft language, or replace a chosen one keeping its id, other languages and what the AI leaves empty', () => {
    const added = applyTransfers(sheet, draft(), [{ key: 'characters.1' }]).characters as unknown[];
    expect(added).toEqual([sheet.characters[0], { key: 'ai-1', name: 'Marc', ages: [2] }]);
    const replaced = applyTransfers(sheet, draft(), [{ key: 'characters.0', value: 30 }]).characters;
    expect(replaced).toEqual([
      { id: 30, name: 'Léna', function: 5, gender: 2, characterisations: { en: 'An archivist.', fr: 'Une archiviste.' }, issues: { en: 'Truth.' } },
    ]);
  });

  it('take nothing the draft leaves empty, and say when the sheet already holds the proposal', () => {
    expect(aiValue(COMPARISON_ROWS.get('summary')!, draft())).toBeUndefined();
    expect(aiValue(COMPARISON_ROWS.get('literary_prizes')!, draft())).toBeUndefined();
    expect(aiValue(COMPARISON_ROWS.get('ratings.emotions')!, draft())).toBeUndefined();
    expect(applyTransfers(sheet, draft(), [{ key: 'summary' }])).toEqual(sheet);
    expect(holdsAiValue(COMPARISON_ROWS.get('genres')!, { id: 7, genres: [4, 3] }, draft())).toBe(true);
    expect(holdsAiValue(COMPARISON_ROWS.get('title')!, { id: 7, titles: { fr: ' Le Secret ' } }, draft())).toBe(true);
    expect(holdsAiValue(COMPARISON_ROWS.get('title')!, { id: 7, titles: { en: 'Le Secret' } }, draft())).toBe(false);
  });

  it('of a whole section: every proposal not held nor taken yet; a character replaces the saved one of its name (accents aside)', () => {
    const base = COMPARISON_SECTIONS.find((section) => section.id === 'base')!;
    expect(sectionTransfers(base, sheet, draft(), [{ key: 'title' }], { authorList: [{ id: 12, name: 'Bob Ray' }] })).toEqual([
      { key: 'authorList', value: [{ id: 12, name: 'Bob Ray' }] },
      { key: 'time_id' },
    ]);
    const characters = COMPARISON_SECTIONS.find((section) => section.id === 'characters')!;
    expect(sectionTransfers(characters, sheet, draft(), [], {})).toEqual([
      { key: 'characters.0', value: 30 },
      { key: 'characters.1', value: undefined },
    ]);
  });

  it('read several authors in one name', () => {
    expect(splitNames('Ann Lee, Bob Ray & Cy Z and Di Q')).toEqual(['Ann Lee', 'Bob Ray', 'Cy Z', 'Di Q']);
    expect(splitNames('Alexandre Dumas')).toEqual(['Alexandre Dumas']);
  });
});
