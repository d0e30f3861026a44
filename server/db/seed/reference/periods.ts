import type { NamedEntry } from './names.js';

/** Historical periods a story is set in, in chronological order (European-centred, as the catalogue is). */
export const PERIODS: readonly NamedEntry[] = [
  { id: 1, names: { en: 'Prehistory', fr: 'Préhistoire', es: 'Prehistoria', de: 'Urgeschichte', it: 'Preistoria' } },
  { id: 2, names: { en: 'Antiquity', fr: 'Antiquité', es: 'Antigüedad', de: 'Antike', it: 'Antichità' } },
  { id: 3, names: { en: 'Middle Ages', fr: 'Moyen Âge', es: 'Edad Media', de: 'Mittelalter', it: 'Medioevo' } },
  { id: 4, names: { en: 'Renaissance', fr: 'Renaissance', es: 'Renacimiento', de: 'Renaissance', it: 'Rinascimento' } },
  { id: 5, names: { en: '17th century', fr: 'XVIIe siècle', es: 'Siglo XVII', de: '17. Jahrhundert', it: 'XVII secolo' } },
  { id: 6, names: { en: '18th century', fr: 'XVIIIe siècle', es: 'Siglo XVIII', de: '18. Jahrhundert', it: 'XVIII secolo' } },
  { id: 7, names: { en: '19th century', fr: 'XIXe siècle', es: 'Siglo XIX', de: '19. Jahrhundert', it: 'XIX secolo' } },
  { id: 8, names: { en: 'Belle Époque', fr: 'Belle Époque', es: 'Belle Époque', de: 'Belle Époque', it: 'Belle Époque' } },
  { id: 9, names: { en: 'World War I', fr: 'Première Guerre mondiale', es: 'Primera Guerra Mundial', de: 'Erster Weltkrieg', it: 'Prima guerra mondiale' } },
  { id: 10, names: { en: 'Interwar period', fr: 'Entre-deux-guerres', es: 'Período de entreguerras', de: 'Zwischenkriegszeit', it: 'Periodo interbellico' } },
  {
    id: 11,
    names: { en: 'World War II', fr: 'Seconde Guerre mondiale', es: 'Segunda Guerra Mundial', de: 'Zweiter Weltkrieg', it: 'Seconda guerra mondiale' },
  },
  { id: 12, names: { en: 'Post-war years', fr: 'Après-guerre', es: 'Posguerra', de: 'Nachkriegszeit', it: 'Dopoguerra' } },
  { id: 13, names: { en: 'Cold War', fr: 'Guerre froide', es: 'Guerra Fría', de: 'Kalter Krieg', it: 'Guerra fredda' } },
  {
    id: 14,
    names: { en: '1960s and 1970s', fr: 'Années 1960 et 1970', es: 'Años sesenta y setenta', de: '1960er- und 1970er-Jahre', it: 'Anni Sessanta e Settanta' },
  },
  {
    id: 15,
    names: { en: '1980s and 1990s', fr: 'Années 1980 et 1990', es: 'Años ochenta y noventa', de: '1980er- und 1990er-Jahre', it: 'Anni Ottanta e Novanta' },
  },
  {
    id: 16,
    names: {
      en: '2000s to today',
      fr: 'Des années 2000 à nos jours',
      es: 'De los años 2000 a la actualidad',
      de: '2000er-Jahre bis heute',
      it: 'Dagli anni Duemila a oggi',
    },
  },
];
