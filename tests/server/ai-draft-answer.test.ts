import { describe, expect, it } from 'vitest';
import { checkDraftAnswer, DraftAnswerError, type KnownReferenceIds } from '../../server/ai/draftAnswer.js';
import { AI_DRAFT_JSON_STRUCTURE } from '../../server/db/seed/aiPrompts.js';
import { AI_DRAFT_TEXT_FIELDS, AI_DRAFT_TEXT_TARGETS, type AiDraftTextField } from '../../common/aiDraft.js';
import readingSheetsScreen from '../../schemas/reading-sheets.screen.json' with { type: 'json' };

const readingSheetSchema = readingSheetsScreen.form.schema;

const ids = (...values: number[]): ReadonlySet<number> => new Set(values);
const known: KnownReferenceIds = {
  genres: ids(1, 2, 3),
  thematics: ids(10, 11),
  periods: ids(20, 21),
  categories: ids(30),
  literaryPrizes: ids(40),
  times: ids(50),
  formats: ids(60),
  adaptationFormats: ids(70, 71),
  adaptationKinds: ids(80),
  adaptationBudgets: ids(90),
  characterFunctions: ids(100),
  characterGenders: ids(110, 111),
  characterAges: ids(120, 121),
  characterTopologies: ids(130),
};

const check = (answer: unknown) => checkDraftAnswer(JSON.stringify(answer), known);
/** The message of the error `check` throws for this answer text. */
const errorOf = (text: string): string => {
  try {
    checkDraftAnswer(text, known);
  } catch (error) {
    expect(error).toBeInstanceOf(DraftAnswerError);
    return (error as DraftAnswerError).message;
  }
  throw new Error('no error thrown');
};
const parserMessage = (text: string): string => {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('valid JSON');
};

const goodAnswer = {
  author: 'Anne Martin, Paul Roy',
  publishing_house_name: 'Gallimard',
  title: 'The Night',
  subtitle: null,
  pitch: 'A lighthouse keeper finds a child on the rocks.',
  public_comment: 'A luminous novel.',
  newsletter_comment: 'A keeper, a child, a storm.',
  summary: 'The whole story, ending included.',
  report: 'Strong atmosphere; a slow middle.',
  scout: null,
  additional_period: 'The 1950s',
  additional_place: 'Brittany',
  duration: 'One winter',
  additional_manuscript: '320 pages, final version',
  detailed_summary: 'Part one... Part two...',
  key_moments: 'The storm\nThe rescue',
  arena: 'A lighthouse',
  promise: 'A family found',
  message: 'Love is chosen',
  tone: 'Tender',
  point_of_view: 'First person, the keeper',
  narrative_structure: 'Linear',
  strong_points: 'Two great roles',
  weak_points: 'Few locations',
  book_references: 'The Light Between Oceans',
  movie_references: null,
  criteria: {
    genres: [1, 2],
    primary_genre: 2,
    thematics: [10],
    periods: [20, 21],
    categories: [30],
    literary_prizes: [],
    time_id: 50,
    format_id: 60,
    adaptation_formats: [70],
    adaptation_kinds: [80],
    adaptation_budget_id: 90,
  },
  characters: [
    {
      name: 'Yann',
      function_id: 100,
      gender_id: 110,
      age_ids: [120, 121],
      topology_id: 130,
      characterisation: 'A silent keeper',
      issue: 'To keep the child',
      evolution: 'Opens up',
    },
    { name: 'Lila', function_id: null, gender_id: 111, age_ids: [120], topology_id: null },
  ],
  ratings: { quality: 4, concept: 3, plot: 3, characters: 4, coherence: 2, emotions: 4, dialogues: 1 },
  ratings_justifications: {
    quality: 'Fine prose.',
    concept: 'Simple and strong.',
    plot: 'Well built.',
    characters: 'Unforgettable.',
    coherence: 'Some gaps.',
    emotions: 'Moving.',
    dialogues: 'Sparse.',
  },
  justifications: {
    genres: [
      { id: 1, justification: 'A drama' },
      { id: 2, justification: 'An adventure' },
    ],
    thematics: [{ id: 10, justification: 'Family' }],
    adaptation_formats: [{ id: 70, justification: 'A feature film' }],
    adaptation_kinds: [{ id: 80, justification: 'Drama' }],
  },
};

const goodValues = {
  author: 'Anne Martin, Paul Roy',
  publishingHouseName: 'Gallimard',
  // Every text of the answer under its draft field; the null ones absent.
  texts: {
    title: 'The Night',
    pitch: 'A lighthouse keeper finds a child on the rocks.',
    public_comment: 'A luminous novel.',
    newsletter_comment: 'A keeper, a child, a storm.',
    summary: 'The whole story, ending included.',
    report: 'Strong atmosphere; a slow middle.',
    additional_period: 'The 1950s',
    additional_place: 'Brittany',
    duration: 'One winter',
    additional_manuscript: '320 pages, final version',
    detailed_summary: 'Part one... Part two...',
    key_moments: 'The storm\nThe rescue',
    arena: 'A lighthouse',
    promise: 'A family found',
    message: 'Love is chosen',
    tone: 'Tender',
    point_of_view: 'First person, the keeper',
    narrative_structure: 'Linear',
    strong_points: 'Two great roles',
    weak_points: 'Few locations',
    book_references: 'The Light Between Oceans',
  },
  criteria: goodAnswer.criteria,
  characters: goodAnswer.characters,
  ratings: goodAnswer.ratings,
  ratingsJustifications: goodAnswer.ratings_justifications,
  justifications: goodAnswer.justifications,
};

describe('checkDraftAnswer', () => {
  it('turns a full good answer fenced in ```json into the draft values, with no corrections', () => {
    const draft = checkDraftAnswer(`\n\`\`\`json\n${JSON.stringify(goodAnswer, null, 2)}\n\`\`\`\n`, known);
    expect(draft).toEqual({ values: goodValues, corrections: [] });
  });

  it('reads an answer in a bare ``` fence or surrounded by whitespace', () => {
    expect(checkDraftAnswer('```\n{"title": "A"}\n```', known).values.texts.title).toBe('A');
    expect(checkDraftAnswer('  \n {"title": "B"} \n', known).values.texts.title).toBe('B');
  });

  it('keeps each text field of AI_DRAFT_JSON_STRUCTURE: the names in their columns, the texts of the drafted maps in texts', () => {
    const textKeys = Object.entries(AI_DRAFT_JSON_STRUCTURE)
      .filter(([, description]) => typeof description === 'string')
      .map(([key]) => key);
    expect(textKeys).toEqual(['author', 'publishing_house_name', ...AI_DRAFT_TEXT_FIELDS]);
    const { values } = check(Object.fromEntries(textKeys.map((key) => [key, `text of ${key}`])));
    expect(values).toMatchObject({ author: 'text of author', publishingHouseName: 'text of publishing_house_name' });
    expect(values.texts).toEqual(Object.fromEntries(AI_DRAFT_TEXT_FIELDS.map((field) => [field, `text of ${field}`])));
  });

  it('asks for and checks exactly the maps of the sheet annotated x-aiDraft, in the schema order, with their asks', () => {
    const annotated = Object.entries(readingSheetSchema.properties as Record<string, { 'x-aiDraft'?: { field: string; ask: string } }>).flatMap(
      ([map, property]) => (property['x-aiDraft'] ? [[property['x-aiDraft'].field, map, property['x-aiDraft'].ask] as const] : []),
    );
    expect(annotated.map(([field, map]) => [field, map])).toEqual(Object.entries(AI_DRAFT_TEXT_TARGETS));
    for (const [field, , ask] of annotated) expect(AI_DRAFT_JSON_STRUCTURE[field as AiDraftTextField]).toBe(ask);
    expect(() => check({ tone: 42 })).toThrow('/tone must be string,null');
  });

  it('fills what the answer leaves out with nulls and empty lists, and ignores unknown properties', () => {
    const { values, corrections } = check({
      title: 'Only a title',
      mood: 'sunny',
      criteria: { places: [5], audiences: [6], language_id: 7, tags: [1] },
      characters: [{ name: 'Yann', country_id: 4, hobby: 'sailing' }],
    });
    expect(values).toMatchObject({ texts: { title: 'Only a title' }, author: null, publishingHouseName: null, ratings: {}, ratingsJustifications: {} });
    expect(values.criteria).toEqual({
      genres: [],
      primary_genre: null,
      thematics: [],
      periods: [],
      categories: [],
      literary_prizes: [],
      time_id: null,
      format_id: null,
      adaptation_formats: [],
      adaptation_kinds: [],
      adaptation_budget_id: null,
    });
    expect(values.characters).toEqual([{ name: 'Yann', function_id: null, gender_id: null, age_ids: [], topology_id: null }]);
    expect(values.justifications).toEqual({ genres: [], thematics: [], adaptation_formats: [], adaptation_kinds: [] });
    expect(values).not.toHaveProperty('mood');
    expect(corrections).toEqual([]);
  });

  it('drops unknown criteria ids, listing each, and removes duplicates', () => {
    const { values, corrections } = check({
      criteria: {
        genres: [1, 999, 1, 2, 999],
        primary_genre: 1,
        thematics: [11, 12],
        periods: [22],
        categories: [30, 31],
        literary_prizes: [41],
        time_id: 51,
        format_id: 60,
        adaptation_formats: [71, 72],
        adaptation_kinds: [81],
        adaptation_budget_id: 91,
      },
    });
    expect(values.criteria).toEqual({
      genres: [1, 2],
      primary_genre: 1,
      thematics: [11],
      periods: [],
      categories: [30],
      literary_prizes: [],
      time_id: null,
      format_id: 60,
      adaptation_formats: [71],
      adaptation_kinds: [],
      adaptation_budget_id: null,
    });
    expect(corrections).toEqual([
      'criteria.genres: unknown id 999 dropped',
      'criteria.thematics: unknown id 12 dropped',
      'criteria.periods: unknown id 22 dropped',
      'criteria.categories: unknown id 31 dropped',
      'criteria.literary_prizes: unknown id 41 dropped',
      'criteria.adaptation_formats: unknown id 72 dropped',
      'criteria.adaptation_kinds: unknown id 81 dropped',
      'criteria.time_id: unknown id 51 set to null',
      'criteria.adaptation_budget_id: unknown id 91 set to null',
    ]);
  });

  it('sets a primary genre that is not a kept genre to null, and leaves an absent one null', () => {
    const dropped = check({ criteria: { genres: [1, 999], primary_genre: 999 } });
    expect(dropped.values.criteria).toMatchObject({ genres: [1], primary_genre: null });
    expect(dropped.corrections).toEqual([
      'criteria.genres: unknown id 999 dropped',
      'criteria.primary_genre: 999 is not among the kept criteria.genres, set to null',
    ]);

    const notChosen = check({ criteria: { genres: [1], primary_genre: 3 } });
    expect(notChosen.values.criteria.primary_genre).toBeNull();
    expect(notChosen.corrections).toEqual(['criteria.primary_genre: 3 is not among the kept criteria.genres, set to null']);

    const absent = check({ criteria: { genres: [1, 2] } });
    expect(absent.values.criteria.primary_genre).toBeNull();
    expect(absent.corrections).toEqual([]);
  });

  it('drops nameless characters and unknown character ids, listing each', () => {
    const { values, corrections } = check({
      characters: [
        { name: '  ', function_id: 100 },
        { function_id: 100 },
        { name: 'Yann', function_id: 101, gender_id: 112, age_ids: [120, 129, 120], topology_id: 139, issue: 'To stay' },
        { name: null },
        { name: 'Lila', gender_id: 111 },
      ],
    });
    expect(values.characters).toEqual([
      { name: 'Yann', function_id: null, gender_id: null, age_ids: [120], topology_id: null, issue: 'To stay' },
      { name: 'Lila', function_id: null, gender_id: 111, age_ids: [], topology_id: null },
    ]);
    expect(corrections).toEqual([
      'characters[0]: no name, dropped',
      'characters[1]: no name, dropped',
      'characters[2].function_id: unknown id 101 set to null',
      'characters[2].gender_id: unknown id 112 set to null',
      'characters[2].age_ids: unknown id 129 dropped',
      'characters[2].topology_id: unknown id 139 set to null',
      'characters[3]: no name, dropped',
    ]);
  });

  it('keeps only the justifications of kept criteria that have a text, listing the others', () => {
    const { values, corrections } = check({
      criteria: { genres: [1, 999], thematics: [10], adaptation_formats: [70] },
      justifications: {
        genres: [
          { id: 1, justification: 'A drama' },
          { id: 999, justification: 'Unknown genre' },
          { id: 2, justification: 'Not chosen' },
          { id: 1, justification: 'Again' },
        ],
        thematics: [{ id: 10, justification: ' ' }, { justification: 'No id' }],
        adaptation_formats: [{ id: 70, justification: 'A series' }],
        adaptation_kinds: [{ id: 80, justification: 'Not chosen' }],
      },
    });
    expect(values.justifications).toEqual({
      genres: [{ id: 1, justification: 'A drama' }],
      thematics: [],
      adaptation_formats: [{ id: 70, justification: 'A series' }],
      adaptation_kinds: [],
    });
    expect(corrections).toEqual([
      'criteria.genres: unknown id 999 dropped',
      'justifications.genres: id 999 is not among the kept criteria.genres, dropped',
      'justifications.genres: id 2 is not among the kept criteria.genres, dropped',
      'justifications.genres: another justification of id 1 dropped',
      'justifications.thematics: id 10 has no justification, dropped',
      'justifications.thematics[1]: no id, dropped',
      'justifications.adaptation_kinds: id 80 is not among the kept criteria.adaptation_kinds, dropped',
    ]);
  });

  it('rounds and clamps ratings, drops non-numbers, and ignores the commercial rating and its justification', () => {
    const { values, corrections } = check({
      ratings: { quality: 7, concept: -1, plot: 2.6, characters: 4.6, coherence: 'good', emotions: null, dialogues: 3, commercial: 4, story: 2 },
      ratings_justifications: { quality: 'Fine prose.', plot: '', commercial: 'It will sell.', story: 'Extra' },
    });
    expect(values.ratings).toEqual({ quality: 4, concept: 0, plot: 3, characters: 4, dialogues: 3 });
    expect(values.ratingsJustifications).toEqual({ quality: 'Fine prose.' });
    expect(corrections).toEqual([
      'ratings.commercial: dropped, the commercial rating is left to staff',
      'ratings.quality: 7 clamped to 4',
      'ratings.concept: -1 clamped to 0',
      'ratings.plot: 2.6 rounded to 3',
      'ratings.characters: 4.6 clamped to 4',
      'ratings.coherence: "good" is not a number, dropped',
      'ratings.emotions: null is not a number, dropped',
      'ratings_justifications.commercial: dropped, the commercial rating is left to staff',
    ]);
  });

  it('turns empty and blank text fields into null, trims the others, and omits empty character texts', () => {
    const { values, corrections } = check({
      author: '',
      title: '   ',
      pitch: '\n',
      publishing_house_name: ' Gallimard ',
      key_moments: null,
      characters: [{ name: ' Yann ', characterisation: '', issue: '  ', evolution: 'Opens up' }],
    });
    expect(values).toMatchObject({ author: null, publishingHouseName: 'Gallimard', texts: {} });
    expect(values.characters).toEqual([{ name: 'Yann', function_id: null, gender_id: null, age_ids: [], topology_id: null, evolution: 'Opens up' }]);
    expect(corrections).toEqual([]);
  });

  it('refuses an answer that is not JSON, quoting the parser and the answer’s first 80 characters', () => {
    const text = `  Sorry, I cannot draft this sheet: the context is too short. ${'Please send more. '.repeat(5)}`;
    expect(errorOf(text)).toBe(
      `The AI's answer is not JSON (${parserMessage(text.trim())}). It began with: "Sorry, I cannot draft this sheet: the context is too short. Please send more. Pl"`,
    );
    expect(errorOf('```json\n{"title": "A",}\n```')).toBe(
      `The AI's answer is not JSON (${parserMessage('{"title": "A",}\n')}). It began with: "\`\`\`json\n{"title": "A",}\n\`\`\`"`,
    );
  });

  it.each([
    ['an array', '[{"title": "A"}]'],
    ['a string', '"The Night"'],
    ['null', 'null'],
    ['a number', '```json\n42\n```'],
  ])('refuses JSON that is %s rather than an object', (_kind, text) => {
    expect(errorOf(text)).toBe("The AI's answer is not a JSON object.");
  });

  it('refuses an answer of the wrong types, naming the fields', () => {
    expect(errorOf(JSON.stringify({ title: 42, characters: 'x', criteria: { genres: 'drama' } }))).toBe(
      "The AI's answer does not follow the draft's structure: /title must be string,null; /criteria/genres must be array,null; /characters must be array,null",
    );
    expect(errorOf(JSON.stringify({ criteria: { genres: [1, 2.5], time_id: '50' }, characters: [{ name: 'Yann', age_ids: ['young'] }, 'Lila'] }))).toBe(
      "The AI's answer does not follow the draft's structure: /criteria/genres/1 must be integer; /criteria/time_id must be integer,null; /characters/0/age_ids/0 must be integer; /characters/1 must be object",
    );
  });

  it('names at most five structure errors', () => {
    const message = errorOf(JSON.stringify({ author: 1, title: 2, subtitle: 3, pitch: 4, summary: 5, report: 6, tone: 7 }));
    expect(message).toBe(
      "The AI's answer does not follow the draft's structure: /author must be string,null; /title must be string,null; /subtitle must be string,null; /pitch must be string,null; /summary must be string,null",
    );
  });
});
