import { and, eq } from 'drizzle-orm';
import { AI_DRAFT_ASKS, AI_DRAFT_NAME_FIELDS, AI_DRAFT_TEXT_FIELDS, type AiDraftNameField, type AiDraftTextField } from '../../../common/aiDraft.js';
import type { Translations } from '../../../common/locales.js';
import type { Db } from '../client.js';
import { aiPrompts } from '../schema/editorial.js';
import { markAppWrites } from '../repositories/engine/historyRepository.js';

/** The draft's names, first in the structure: they are matched with the directory, no map of the sheet. */
const NAME_ASKS = {
  author: 'string: the author full name(s), comma-separated',
  publishing_house_name: 'string or null: the original publishing house',
} as const satisfies Record<AiDraftNameField, string>;

/** What follows the texts: the criteria, characters, ratings and justifications. */
const OTHER_PARTS = {
  criteria: {
    genres: 'array of genre ids from the Genres list',
    primary_genre: 'one id of the chosen genres: the main one',
    thematics: 'array of thematic ids from the Thematics list',
    periods: 'array of period ids from the Periods list',
    categories: 'array of category ids from the Categories list',
    literary_prizes: 'array of literary prize ids from the Literary prizes list the book has won, or []',
    time_id: 'one time id from the Times list, or null',
    format_id: 'one format id from the Formats list, or null',
    adaptation_formats: 'array of adaptation format ids from the adaptation lists',
    adaptation_kinds: 'array of adaptation genre ids from the adaptation lists',
    adaptation_budget_id: 'one adaptation budget id from the adaptation lists, or null',
  },
  characters: [
    {
      name: 'string',
      function_id: 'one character function id from the character lists, or null',
      gender_id: 'one gender id from the character lists, or null',
      age_ids: 'array of age ids from the character lists (several when the story spans years)',
      topology_id: 'one topology id from the character lists, or null',
      characterisation: 'string: who the character is',
      issue: 'string: what is at stake for the character',
      evolution: 'string: how the character changes',
    },
  ],
  ratings: {
    quality: 'integer from 0 to 4: literary quality',
    concept: 'integer from 0 to 4',
    plot: 'integer from 0 to 4',
    characters: 'integer from 0 to 4',
    coherence: 'integer from 0 to 4',
    emotions: 'integer from 0 to 4',
    dialogues: 'integer from 0 to 4',
  },
  ratings_justifications: {
    quality: 'string: one or two sentences',
    concept: 'string',
    plot: 'string',
    characters: 'string',
    coherence: 'string',
    emotions: 'string',
    dialogues: 'string',
  },
  justifications: {
    genres: [{ id: 'genre id', justification: 'string: why this genre' }],
    thematics: [{ id: 'thematic id', justification: 'string' }],
    adaptation_formats: [{ id: 'adaptation format id', justification: 'string' }],
    adaptation_kinds: [{ id: 'adaptation genre id', justification: 'string' }],
  },
} as const;

/**
 * The JSON the AI must answer with: the AI draft of a reading sheet (SPEC §3 'AI book', table
 * `ai_books`). Text fields are the names (author, publishing house), then the single-language
 * counterparts of the sheet's drafted maps (in the generation language), each described by its
 * map's `x-aiDraft.ask` in the schema's order (common/aiDraft.ts); criteria are ids taken from the
 * reference lists the prompt gives (its `{{genres}}`, `{{thematics}}`... variables; the structure
 * itself names no variable, so substituting them leaves it as is); ratings go from 0 to 4, each
 * with its justification. The commercial rating is left to staff (the comparison screen omits it).
 * Each value describes what to put there.
 */
export const AI_DRAFT_JSON_STRUCTURE: typeof NAME_ASKS & Readonly<Record<AiDraftTextField, string>> & typeof OTHER_PARTS = {
  ...NAME_ASKS,
  ...AI_DRAFT_ASKS,
  ...OTHER_PARTS,
};

/**
 * A stored JSON structure given every text of the draft it lacks (a map added to the sheet since
 * it was written), each with its `ask`, placed after the text before it in the schema's order (or
 * after the names); the other entries stay as stored. Undefined when nothing is missing, or when
 * the stored text is no JSON object (the prompt screen refuses one: left to staff).
 */
function withEveryDraftText(stored: string): string | undefined {
  let structure: unknown;
  try {
    structure = JSON.parse(stored);
  } catch {
    return undefined;
  }
  if (!structure || typeof structure !== 'object' || Array.isArray(structure)) return undefined;
  const entries = Object.entries(structure);
  const missing = AI_DRAFT_TEXT_FIELDS.filter((field) => !entries.some(([key]) => key === field));
  if (missing.length === 0) return undefined;
  for (const field of missing) {
    const before = new Set<string>([...AI_DRAFT_NAME_FIELDS, ...AI_DRAFT_TEXT_FIELDS.slice(0, AI_DRAFT_TEXT_FIELDS.indexOf(field))]);
    const at = entries.reduce((last, [key], index) => (before.has(key) ? index + 1 : last), 0);
    entries.splice(at, 0, [field, AI_DRAFT_ASKS[field]]);
  }
  return JSON.stringify(Object.fromEntries(entries), null, 2);
}

const SOURCE_EN = {
  report: "a reader's report written by our team about the book",
  manuscript: 'the text of the manuscript (it may be an excerpt)',
} as const;
const SOURCE_FR = {
  report: "d'une fiche de lecture rédigée par notre équipe sur ce livre",
  manuscript: "du texte du manuscrit (il peut s'agir d'un extrait)",
} as const;

type Source = keyof typeof SOURCE_EN;

function englishPrompt(source: Source): string {
  return `You are a senior literary scout. Our company finds books with a strong potential for film and television adaptation and presents them to producers in reading sheets. From ${SOURCE_EN[source]} (see "Context" at the end), draft the reading sheet of this book in English.

What we already know about the book (may be empty):
- Title: {{title}}
- Author: {{author}}
- Original country: {{original_country}}
- Pitch: {{pitch}}
- Public comment: {{public_comment}}
- Our private comment: {{private_comment}}
- Scout notes: {{scout}}

Choose the criteria only among these reference lists. Each entry gives an id and a name (and, for thematics, when to use it); answer with the ids, never with names:
- Genres: {{genres}}
- Thematics: {{thematics}}
- Times: {{times}}
- Periods: {{periods}}
- Categories: {{categories}}
- Formats: {{formats}}
- Literary prizes: {{literary_prizes}}
- Character functions, genders, ages and topologies: {{character_lists}}
- Adaptation formats, adaptation genres and budgets: {{adaptation_lists}}

Rules:
1. Base every statement on the context. Never invent facts (prizes, sales, rights, dates); when the context says nothing, use null or an empty list.
2. Write for producers: concrete, vivid, no academic jargon, no spoilers hidden: the summaries tell the ending.
3. Pick one to three genres and mark the main one as primary_genre; pick the thematics, periods and categories that really apply.
4. List the main characters (at most eight), each with a function, a gender, ages and a topology from the lists.
5. Rate each aspect from 0 (weak) to 4 (outstanding) and justify each rating in one or two sentences. Justify every genre, thematic, adaptation format and adaptation genre you choose.
6. Answer with one JSON object only, without Markdown or comments, that follows exactly this structure (each value describes what to write):
{{json_structure}}

Context:
{{context}}`;
}

function frenchPrompt(source: Source): string {
  return `Tu es un scout littéraire expérimenté. Notre société repère des livres au fort potentiel d'adaptation pour le cinéma et la télévision et les présente aux producteurs sous forme de fiches de lecture. À partir ${SOURCE_FR[source]} (voir « Contexte » à la fin), rédige en français la fiche de lecture de ce livre.

Ce que nous savons déjà du livre (peut être vide) :
- Titre : {{title}}
- Auteur : {{author}}
- Pays d'origine : {{original_country}}
- Pitch : {{pitch}}
- Commentaire public : {{public_comment}}
- Notre commentaire privé : {{private_comment}}
- Notes du scout : {{scout}}

Choisis les critères uniquement dans ces listes de référence. Chaque entrée donne un identifiant et un nom (et, pour les thématiques, quand l'utiliser) ; réponds avec les identifiants, jamais avec les noms :
- Genres : {{genres}}
- Thématiques : {{thematics}}
- Époques : {{times}}
- Périodes : {{periods}}
- Catégories : {{categories}}
- Formats : {{formats}}
- Prix littéraires : {{literary_prizes}}
- Fonctions, genres, âges et typologies des personnages : {{character_lists}}
- Formats, genres et budgets d'adaptation : {{adaptation_lists}}

Règles :
1. Appuie chaque affirmation sur le contexte. N'invente aucun fait (prix, ventes, droits, dates) ; si le contexte ne dit rien, mets null ou une liste vide.
2. Écris pour des producteurs : concret, vivant, sans jargon universitaire ; les résumés révèlent la fin.
3. Choisis un à trois genres et indique le principal dans primary_genre ; choisis les thématiques, périodes et catégories qui s'appliquent vraiment.
4. Décris les personnages principaux (huit au plus), chacun avec une fonction, un genre, des âges et une typologie tirés des listes.
5. Note chaque aspect de 0 (faible) à 4 (exceptionnel) et justifie chaque note en une ou deux phrases. Justifie chaque genre, thématique, format d'adaptation et genre d'adaptation choisi.
6. Réponds avec un seul objet JSON, sans Markdown ni commentaire, qui suit exactement cette structure (chaque valeur décrit ce qu'il faut écrire) :
{{json_structure}}

Contexte :
{{context}}`;
}

/** The seeded prompts: one per AI source (SPEC §9), in English and French (the AI languages). */
export const AI_PROMPT_SEEDS: readonly { label: Source; contents: Translations; jsonStructure: string }[] = (['report', 'manuscript'] as const).map(
  (label) => ({
    label,
    contents: { en: englishPrompt(label), fr: frenchPrompt(label) },
    jsonStructure: JSON.stringify(AI_DRAFT_JSON_STRUCTURE, null, 2),
  }),
);

/**
 * Inserts the prompt of each AI source that has none; staff edits are kept, but a stored JSON
 * structure lacking a text of the draft gets it (`withEveryDraftText`), so a map added to the
 * sheet is asked of the AI by the prompts already written. Idempotent; runs at every start.
 */
export async function seedAiPrompts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // The app's own rows: no one's change in the prompts' history.
    await markAppWrites(tx, 'off');
    await seedPrompts(tx);
  });
}

async function seedPrompts(db: Db): Promise<void> {
  await db
    .insert(aiPrompts)
    .values(AI_PROMPT_SEEDS.map((seed) => ({ label: seed.label, contents: seed.contents, jsonStructure: seed.jsonStructure })))
    .onConflictDoNothing({ target: aiPrompts.label });
  for (const prompt of await db.select({ id: aiPrompts.id, jsonStructure: aiPrompts.jsonStructure }).from(aiPrompts)) {
    const completed = withEveryDraftText(prompt.jsonStructure);
    // Only if unchanged meanwhile: a structure staff save at that moment is theirs, completed at the next start.
    if (completed !== undefined)
      await db
        .update(aiPrompts)
        .set({ jsonStructure: completed })
        .where(and(eq(aiPrompts.id, prompt.id), eq(aiPrompts.jsonStructure, prompt.jsonStructure)));
  }
}
