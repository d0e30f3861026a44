import type { NamedEntry } from './names.js';

/** The screen (or other) media a book could be adapted into. */
export const ADAPTATION_FORMATS: readonly NamedEntry[] = [
  { id: 1, names: { en: 'Feature film', fr: 'Long métrage', es: 'Largometraje', de: 'Spielfilm', it: 'Lungometraggio' } },
  { id: 2, names: { en: 'TV series', fr: 'Série télévisée', es: 'Serie de televisión', de: 'Fernsehserie', it: 'Serie televisiva' } },
  { id: 3, names: { en: 'Mini-series', fr: 'Mini-série', es: 'Miniserie', de: 'Miniserie', it: 'Miniserie' } },
  { id: 4, names: { en: 'TV film', fr: 'Téléfilm', es: 'Telefilme', de: 'Fernsehfilm', it: 'Film per la televisione' } },
  { id: 5, names: { en: 'Animated film', fr: "Long métrage d'animation", es: 'Película de animación', de: 'Animationsfilm', it: "Film d'animazione" } },
  { id: 6, names: { en: 'Animated series', fr: "Série d'animation", es: 'Serie de animación', de: 'Animationsserie', it: 'Serie animata' } },
  { id: 7, names: { en: 'Documentary', fr: 'Documentaire', es: 'Documental', de: 'Dokumentarfilm', it: 'Documentario' } },
  { id: 8, names: { en: 'Docuseries', fr: 'Série documentaire', es: 'Serie documental', de: 'Dokuserie', it: 'Serie documentaria' } },
  { id: 9, names: { en: 'Short film', fr: 'Court métrage', es: 'Cortometraje', de: 'Kurzfilm', it: 'Cortometraggio' } },
  { id: 10, names: { en: 'Web series', fr: 'Websérie', es: 'Serie web', de: 'Webserie', it: 'Webserie' } },
  {
    id: 11,
    names: {
      en: 'Audio drama / podcast',
      fr: 'Fiction audio / podcast',
      es: 'Ficción sonora / pódcast',
      de: 'Hörspiel / Podcast',
      it: 'Audiodramma / podcast',
    },
  },
  { id: 12, names: { en: 'Stage play', fr: 'Théâtre', es: 'Teatro', de: 'Theater', it: 'Teatro' } },
  { id: 13, names: { en: 'Video game', fr: 'Jeu vidéo', es: 'Videojuego', de: 'Videospiel', it: 'Videogioco' } },
];

/** How an adaptation would treat the book. */
export const ADAPTATION_KINDS: readonly NamedEntry[] = [
  { id: 1, names: { en: 'Faithful adaptation', fr: 'Adaptation fidèle', es: 'Adaptación fiel', de: 'Werkgetreue Adaption', it: 'Adattamento fedele' } },
  { id: 2, names: { en: 'Free adaptation', fr: 'Adaptation libre', es: 'Adaptación libre', de: 'Freie Adaption', it: 'Adattamento libero' } },
  {
    id: 3,
    names: {
      en: 'Transposition (other era or place)',
      fr: 'Transposition (autre époque ou autre lieu)',
      es: 'Transposición (otra época u otro lugar)',
      de: 'Transposition (andere Epoche oder anderer Ort)',
      it: 'Trasposizione (altra epoca o altro luogo)',
    },
  },
  {
    id: 4,
    names: {
      en: 'Inspiration (concept or character)',
      fr: 'Inspiration (concept ou personnage)',
      es: 'Inspiración (concepto o personaje)',
      de: 'Inspiration (Konzept oder Figur)',
      it: 'Ispirazione (concept o personaggio)',
    },
  },
  { id: 5, names: { en: 'Biopic', fr: 'Biopic', es: 'Biopic', de: 'Biopic', it: 'Biopic' } },
  {
    id: 6,
    names: {
      en: 'Anthology (one story per episode)',
      fr: 'Anthologie (une histoire par épisode)',
      es: 'Antología (una historia por episodio)',
      de: 'Anthologie (eine Geschichte pro Folge)',
      it: 'Antologia (una storia per episodio)',
    },
  },
  {
    id: 7,
    names: {
      en: 'Franchise (sequels, spin-offs)',
      fr: 'Franchise (suites, spin-offs)',
      es: 'Franquicia (secuelas, spin-offs)',
      de: 'Franchise (Fortsetzungen, Spin-offs)',
      it: 'Franchise (sequel, spin-off)',
    },
  },
];

/** Budget brackets of the adaptation a book calls for (European production figures, in euros). */
export const ADAPTATION_BUDGETS: readonly NamedEntry[] = [
  {
    id: 1,
    names: {
      en: 'Micro budget (under €500k)',
      fr: 'Micro-budget (moins de 500 k€)',
      es: 'Micropresupuesto (menos de 500.000 €)',
      de: 'Mikrobudget (unter 500.000 €)',
      it: 'Micro budget (meno di 500.000 €)',
    },
  },
  {
    id: 2,
    names: {
      en: 'Low budget (€500k to €2M)',
      fr: 'Petit budget (500 k€ à 2 M€)',
      es: 'Presupuesto bajo (500.000 € a 2 M€)',
      de: 'Kleines Budget (500.000 € bis 2 Mio. €)',
      it: 'Budget basso (da 500.000 € a 2 mln €)',
    },
  },
  {
    id: 3,
    names: {
      en: 'Medium budget (€2M to €10M)',
      fr: 'Budget moyen (2 à 10 M€)',
      es: 'Presupuesto medio (2 a 10 M€)',
      de: 'Mittleres Budget (2 bis 10 Mio. €)',
      it: 'Budget medio (da 2 a 10 mln €)',
    },
  },
  {
    id: 4,
    names: {
      en: 'High budget (€10M to €30M)',
      fr: 'Gros budget (10 à 30 M€)',
      es: 'Presupuesto alto (10 a 30 M€)',
      de: 'Großes Budget (10 bis 30 Mio. €)',
      it: 'Budget alto (da 10 a 30 mln €)',
    },
  },
  {
    id: 5,
    names: {
      en: 'Very high budget (over €30M)',
      fr: 'Très gros budget (plus de 30 M€)',
      es: 'Presupuesto muy alto (más de 30 M€)',
      de: 'Sehr großes Budget (über 30 Mio. €)',
      it: 'Budget molto alto (oltre 30 mln €)',
    },
  },
];
