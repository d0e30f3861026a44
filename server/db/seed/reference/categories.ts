import type { NamedEntry } from './names.js';

/** The literary form of a book, independent of its genre. */
export const CATEGORIES: readonly NamedEntry[] = [
  { id: 1, names: { en: 'Novel', fr: 'Roman', es: 'Novela', de: 'Roman', it: 'Romanzo' } },
  { id: 2, names: { en: 'Novella', fr: 'Court roman', es: 'Novela corta', de: 'Novelle', it: 'Romanzo breve' } },
  { id: 3, names: { en: 'Short stories', fr: 'Nouvelles', es: 'Relatos', de: 'Erzählungen', it: 'Racconti' } },
  { id: 4, names: { en: 'Graphic novel', fr: 'Roman graphique', es: 'Novela gráfica', de: 'Graphic Novel', it: 'Romanzo grafico' } },
  { id: 5, names: { en: 'Comics', fr: 'Bande dessinée', es: 'Cómic', de: 'Comic', it: 'Fumetto' } },
  { id: 6, names: { en: 'Manga', fr: 'Manga', es: 'Manga', de: 'Manga', it: 'Manga' } },
  { id: 7, names: { en: 'Biography', fr: 'Biographie', es: 'Biografía', de: 'Biografie', it: 'Biografia' } },
  { id: 8, names: { en: 'Memoir', fr: 'Mémoires', es: 'Memorias', de: 'Memoiren', it: 'Memorie' } },
  { id: 9, names: { en: 'True story', fr: 'Histoire vraie', es: 'Historia real', de: 'Wahre Geschichte', it: 'Storia vera' } },
  {
    id: 10,
    names: {
      en: 'Investigative journalism',
      fr: 'Enquête journalistique',
      es: 'Periodismo de investigación',
      de: 'Investigativer Journalismus',
      it: "Giornalismo d'inchiesta",
    },
  },
  { id: 11, names: { en: 'Essay', fr: 'Essai', es: 'Ensayo', de: 'Essay', it: 'Saggio' } },
  { id: 12, names: { en: 'Picture book', fr: 'Album illustré', es: 'Álbum ilustrado', de: 'Bilderbuch', it: 'Albo illustrato' } },
  { id: 13, names: { en: 'Poetry', fr: 'Poésie', es: 'Poesía', de: 'Lyrik', it: 'Poesia' } },
  { id: 14, names: { en: 'Play', fr: 'Pièce de théâtre', es: 'Obra de teatro', de: 'Theaterstück', it: 'Opera teatrale' } },
];
