import type { NamedEntry } from './names.js';

/** The physical or digital form in which a book was read or published. */
export const FORMATS: readonly NamedEntry[] = [
  { id: 1, names: { en: 'Hardcover', fr: 'Relié', es: 'Tapa dura', de: 'Gebundene Ausgabe', it: 'Copertina rigida' } },
  { id: 2, names: { en: 'Paperback', fr: 'Broché', es: 'Tapa blanda', de: 'Broschiert', it: 'Brossura' } },
  { id: 3, names: { en: 'Pocket book', fr: 'Poche', es: 'Bolsillo', de: 'Taschenbuch', it: 'Tascabile' } },
  { id: 4, names: { en: 'E-book', fr: 'Livre numérique', es: 'Libro electrónico', de: 'E-Book', it: 'E-book' } },
  { id: 5, names: { en: 'Audiobook', fr: 'Livre audio', es: 'Audiolibro', de: 'Hörbuch', it: 'Audiolibro' } },
  {
    id: 6,
    names: { en: 'Unpublished manuscript', fr: 'Manuscrit inédit', es: 'Manuscrito inédito', de: 'Unveröffentlichtes Manuskript', it: 'Manoscritto inedito' },
  },
  { id: 7, names: { en: 'Proof copy', fr: 'Épreuves', es: 'Galeradas', de: 'Leseexemplar', it: 'Bozze' } },
];
