import type { Locale } from '../../../../common/locales.js';

/** A phrase written in every content locale. */
export type Phrase = Record<Locale, string>;

/** Title heads, with the article each language needs, so a title reads naturally in all five. */
export const TITLE_NOUNS: readonly Phrase[] = [
  { en: 'The Secret', fr: 'Le Secret', es: 'El secreto', de: 'Das Geheimnis', it: 'Il segreto' },
  { en: 'The Garden', fr: 'Le Jardin', es: 'El jardín', de: 'Der Garten', it: 'Il giardino' },
  { en: 'The Night', fr: 'La Nuit', es: 'La noche', de: 'Die Nacht', it: 'La notte' },
  { en: 'The House', fr: 'La Maison', es: 'La casa', de: 'Das Haus', it: 'La casa' },
  { en: 'The River', fr: 'La Rivière', es: 'El río', de: 'Der Fluss', it: 'Il fiume' },
  { en: 'The Silence', fr: 'Le Silence', es: 'El silencio', de: 'Die Stille', it: 'Il silenzio' },
  { en: 'The Daughter', fr: 'La Fille', es: 'La hija', de: 'Die Tochter', it: 'La figlia' },
  { en: 'The Island', fr: "L'Île", es: 'La isla', de: 'Die Insel', it: "L'isola" },
  { en: 'The Winter', fr: "L'Hiver", es: 'El invierno', de: 'Der Winter', it: "L'inverno" },
  { en: 'The Letter', fr: 'La Lettre', es: 'La carta', de: 'Der Brief', it: 'La lettera' },
  { en: 'The Shadow', fr: "L'Ombre", es: 'La sombra', de: 'Der Schatten', it: "L'ombra" },
  { en: 'The Promise', fr: 'La Promesse', es: 'La promesa', de: 'Das Versprechen', it: 'La promessa' },
  { en: 'The Storm', fr: 'La Tempête', es: 'La tormenta', de: 'Der Sturm', it: 'La tempesta' },
  { en: 'The Map', fr: 'La Carte', es: 'El mapa', de: 'Die Karte', it: 'La mappa' },
  { en: 'The Witness', fr: 'Le Témoin', es: 'El testigo', de: 'Der Zeuge', it: 'Il testimone' },
  { en: 'The Lighthouse', fr: 'Le Phare', es: 'El faro', de: 'Der Leuchtturm', it: 'Il faro' },
  { en: 'The Orchard', fr: 'Le Verger', es: 'El huerto', de: 'Der Obstgarten', it: 'Il frutteto' },
  { en: 'The Debt', fr: 'La Dette', es: 'La deuda', de: 'Die Schuld', it: 'Il debito' },
];

/** 'of' before a place or a name. */
export const OF: Phrase = { en: 'of', fr: 'de', es: 'de', de: 'von', it: 'di' };

/** Subtitles. */
export const SUBTITLES: readonly Phrase[] = [
  { en: 'A novel', fr: 'Roman', es: 'Novela', de: 'Roman', it: 'Romanzo' },
  { en: 'A true story', fr: 'Une histoire vraie', es: 'Una historia real', de: 'Eine wahre Geschichte', it: 'Una storia vera' },
  { en: 'Stories', fr: 'Nouvelles', es: 'Relatos', de: 'Erzählungen', it: 'Racconti' },
];

/** Pitches; `{name}` and `{city}` are filled per book. */
export const PITCHES: readonly Phrase[] = [
  {
    en: 'In {city}, {name} discovers a truth that will change everything.',
    fr: 'À {city}, {name} découvre une vérité qui va tout changer.',
    es: 'En {city}, {name} descubre una verdad que lo cambiará todo.',
    de: 'In {city} entdeckt {name} eine Wahrheit, die alles verändert.',
    it: 'A {city}, {name} scopre una verità che cambierà tutto.',
  },
  {
    en: 'A family saga spanning three generations, from {city} to the sea, told by {name}.',
    fr: "Une saga familiale sur trois générations, de {city} jusqu'à la mer, racontée par {name}.",
    es: 'Una saga familiar de tres generaciones, de {city} hasta el mar, narrada por {name}.',
    de: 'Eine Familiensaga über drei Generationen, von {city} bis ans Meer, erzählt von {name}.',
    it: 'Una saga familiare lungo tre generazioni, da {city} fino al mare, raccontata da {name}.',
  },
  {
    en: 'When {name} returns to {city}, old secrets resurface.',
    fr: 'Quand {name} revient à {city}, de vieux secrets refont surface.',
    es: 'Cuando {name} vuelve a {city}, viejos secretos salen a la luz.',
    de: 'Als {name} nach {city} zurückkehrt, kommen alte Geheimnisse ans Licht.',
    it: 'Quando {name} torna a {city}, vecchi segreti riaffiorano.',
  },
  {
    en: 'A thriller in which {name} has seven days to save {city}.',
    fr: 'Un thriller où {name} a sept jours pour sauver {city}.',
    es: 'Un thriller en el que {name} tiene siete días para salvar {city}.',
    de: 'Ein Thriller, in dem {name} sieben Tage hat, um {city} zu retten.',
    it: 'Un thriller in cui {name} ha sette giorni per salvare {city}.',
  },
  {
    en: 'An unlikely friendship between {name} and a stranger lights up a winter in {city}.',
    fr: 'Une amitié improbable entre {name} et un inconnu illumine un hiver à {city}.',
    es: 'Una amistad improbable entre {name} y un desconocido ilumina un invierno en {city}.',
    de: 'Eine unwahrscheinliche Freundschaft zwischen {name} und einem Fremden erhellt einen Winter in {city}.',
    it: "Un'amicizia improbabile tra {name} e uno sconosciuto illumina un inverno a {city}.",
  },
];

/** Public comments, strong points. */
export const PRAISES: readonly Phrase[] = [
  {
    en: 'A page-turner with strong adaptation potential.',
    fr: "Un page-turner au fort potentiel d'adaptation.",
    es: 'Una novela adictiva con gran potencial de adaptación.',
    de: 'Ein Pageturner mit großem Adaptionspotenzial.',
    it: 'Un romanzo avvincente con un forte potenziale di adattamento.',
  },
  {
    en: 'Vivid characters and a cinematic setting.',
    fr: 'Des personnages forts et un décor cinématographique.',
    es: 'Personajes vívidos y un escenario cinematográfico.',
    de: 'Lebendige Figuren und ein filmreifer Schauplatz.',
    it: "Personaggi vividi e un'ambientazione cinematografica.",
  },
  {
    en: 'A precise, elegant voice and a perfectly paced plot.',
    fr: 'Une voix précise et élégante, une intrigue parfaitement rythmée.',
    es: 'Una voz precisa y elegante, y una trama con un ritmo perfecto.',
    de: 'Eine präzise, elegante Stimme und ein perfekt getakteter Plot.',
    it: 'Una voce precisa ed elegante e una trama dal ritmo perfetto.',
  },
];

/**
 * The 'Full report' (`report`) some sheets carry: the reader's longer notes, built from the
 * sheet's pitch, strong and weak points; `{pitch}`, `{praise}`, `{reservation}`, `{name}` and
 * `{city}` are filled per book.
 */
export const FULL_REPORT: Phrase = {
  en: 'Story: {pitch}\n\nStrengths: {praise} {name} is a lead an actor would want to play, and {city} gives the story a setting a production can use.\n\nReservations: {reservation}\n\nRecommendation: worth a close read for producers looking for a series.',
  fr: "Histoire : {pitch}\n\nPoints forts : {praise} {name} est un rôle qu'un acteur voudrait jouer, et {city} offre un décor exploitable pour une production.\n\nRéserves : {reservation}\n\nRecommandation : à lire de près pour les producteurs qui cherchent une série.",
  es: 'Historia: {pitch}\n\nPuntos fuertes: {praise} {name} es un papel que cualquier actor querría interpretar, y {city} ofrece un escenario aprovechable para una producción.\n\nReservas: {reservation}\n\nRecomendación: merece una lectura atenta de los productores que buscan una serie.',
  de: 'Handlung: {pitch}\n\nStärken: {praise} {name} ist eine Rolle, die jede Schauspielerin und jeder Schauspieler spielen möchte, und {city} bietet einer Produktion einen nutzbaren Schauplatz.\n\nVorbehalte: {reservation}\n\nEmpfehlung: lohnt eine genaue Lektüre für Produktionen, die eine Serie suchen.',
  it: "Storia: {pitch}\n\nPunti di forza: {praise} {name} è un ruolo che ogni attore vorrebbe interpretare, e {city} offre un'ambientazione sfruttabile per una produzione.\n\nRiserve: {reservation}\n\nRaccomandazione: merita una lettura attenta da parte dei produttori in cerca di una serie.",
};

/** Weak points. */
export const RESERVATIONS: readonly Phrase[] = [
  {
    en: 'The middle part drags a little.',
    fr: 'Le milieu du livre traîne un peu.',
    es: 'La parte central se alarga un poco.',
    de: 'Der Mittelteil zieht sich etwas.',
    it: 'La parte centrale è un po’ lenta.',
  },
  {
    en: 'A quiet, literary novel; better suited to a limited series.',
    fr: 'Un roman littéraire et intimiste, plutôt pour une mini-série.',
    es: 'Una novela literaria e intimista, más adecuada para una miniserie.',
    de: 'Ein leiser, literarischer Roman, eher für eine Miniserie geeignet.',
    it: 'Un romanzo letterario e intimo, più adatto a una miniserie.',
  },
  {
    en: 'Secondary characters could be more developed.',
    fr: 'Les personnages secondaires mériteraient plus de relief.',
    es: 'Los personajes secundarios podrían estar más desarrollados.',
    de: 'Die Nebenfiguren könnten stärker ausgearbeitet sein.',
    it: 'I personaggi secondari potrebbero essere più sviluppati.',
  },
];

/** Character sketches (filled in English and French only, to show partly translated maps). */
export const CHARACTERISATIONS: readonly Pick<Phrase, 'en' | 'fr'>[] = [
  { en: 'Stubborn, funny and secretly afraid of failure.', fr: "Têtu, drôle et secrètement terrifié par l'échec." },
  { en: 'A retired judge who trusts no one.', fr: 'Un juge à la retraite qui ne fait confiance à personne.' },
  { en: 'Young, brilliant and out of her depth.', fr: 'Jeune, brillante et dépassée par les événements.' },
  { en: 'The charming liar everybody loves.', fr: 'Le menteur charmant que tout le monde adore.' },
];

/** Literary prizes of the demo catalogue, with their translated names. */
export const PRIZES: readonly { label: string; names: Phrase }[] = [
  {
    label: 'Prix Goncourt',
    names: { en: 'Goncourt Prize', fr: 'Prix Goncourt', es: 'Premio Goncourt', de: 'Prix Goncourt', it: 'Premio Goncourt' },
  },
  {
    label: 'Booker Prize',
    names: { en: 'Booker Prize', fr: 'Booker Prize', es: 'Premio Booker', de: 'Booker Prize', it: 'Booker Prize' },
  },
  {
    label: 'Premio Strega',
    names: { en: 'Strega Prize', fr: 'Prix Strega', es: 'Premio Strega', de: 'Premio Strega', it: 'Premio Strega' },
  },
  {
    label: 'Deutscher Buchpreis',
    names: { en: 'German Book Prize', fr: 'Prix du livre allemand', es: 'Premio del Libro Alemán', de: 'Deutscher Buchpreis', it: 'Premio del libro tedesco' },
  },
];

/** Reporter text blocks per category, in English and French: every reporter shows the first; the second is a further alert. */
export const REPORTER_BLOCKS: Record<'rights' | 'alerts' | 'buzz' | 'news', Pick<Phrase, 'en' | 'fr'>[]> = {
  rights: [
    {
      en: 'Film rights of two sheets below were optioned this month; ask us for the others.',
      fr: 'Les droits audiovisuels de deux fiches ci-dessous ont été optionnés ce mois-ci ; demandez-nous les autres.',
    },
  ],
  alerts: [
    {
      en: 'Several publishers are bidding on the thrillers of this selection.',
      fr: 'Plusieurs éditeurs enchérissent sur les thrillers de cette sélection.',
    },
    {
      en: 'A streaming platform has asked for the manuscript of the first title: decide before Friday.',
      fr: 'Une plateforme de streaming a demandé le manuscrit du premier titre : décidez avant vendredi.',
    },
  ],
  buzz: [
    {
      en: 'Booksellers are talking about these titles ahead of the autumn season.',
      fr: 'Les libraires parlent déjà de ces titres avant la rentrée.',
    },
  ],
  news: [
    {
      en: 'Our scouts were at the London Book Fair: here is what caught their eye.',
      fr: "Nos scouts étaient à la Foire du livre de Londres : voici ce qu'ils ont repéré.",
    },
  ],
};

/** Fills `{key}` placeholders. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}
