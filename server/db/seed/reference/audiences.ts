import type { NamedEntry } from './names.js';

/** Who a book (and its adaptation) is for: age groups first, then audience profiles. */
export const AUDIENCES: readonly NamedEntry[] = [
  { id: 1, names: { en: 'Children', fr: 'Enfants', es: 'Niños', de: 'Kinder', it: 'Bambini' } },
  { id: 2, names: { en: 'Teenagers', fr: 'Adolescents', es: 'Adolescentes', de: 'Jugendliche', it: 'Adolescenti' } },
  { id: 3, names: { en: 'Young adults', fr: 'Jeunes adultes', es: 'Jóvenes adultos', de: 'Junge Erwachsene', it: 'Giovani adulti' } },
  { id: 4, names: { en: 'Adults', fr: 'Adultes', es: 'Adultos', de: 'Erwachsene', it: 'Adulti' } },
  {
    id: 5,
    names: {
      en: 'Family (all ages)',
      fr: 'Familial (tout public)',
      es: 'Familiar (todos los públicos)',
      de: 'Familie (alle Altersgruppen)',
      it: 'Famiglia (per tutti)',
    },
  },
  { id: 6, names: { en: 'General audience', fr: 'Grand public', es: 'Gran público', de: 'Breites Publikum', it: 'Grande pubblico' } },
  { id: 7, names: { en: 'Female audience', fr: 'Public féminin', es: 'Público femenino', de: 'Weibliches Publikum', it: 'Pubblico femminile' } },
  { id: 8, names: { en: 'Male audience', fr: 'Public masculin', es: 'Público masculino', de: 'Männliches Publikum', it: 'Pubblico maschile' } },
  { id: 9, names: { en: 'Arthouse audience', fr: 'Public art et essai', es: 'Público de cine de autor', de: 'Arthouse-Publikum', it: "Pubblico d'essai" } },
];
