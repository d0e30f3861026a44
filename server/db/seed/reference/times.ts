import type { NamedEntry } from './names.js';

/** When a story takes place relative to today (the historical era itself is a period). */
export const TIMES: readonly NamedEntry[] = [
  { id: 1, names: { en: 'Contemporary', fr: 'Contemporain', es: 'Contemporáneo', de: 'Gegenwart', it: 'Contemporaneo' } },
  { id: 2, names: { en: 'Recent past', fr: 'Passé récent', es: 'Pasado reciente', de: 'Jüngere Vergangenheit', it: 'Passato recente' } },
  { id: 3, names: { en: 'Historical', fr: 'Historique', es: 'Histórico', de: 'Historisch', it: 'Storico' } },
  { id: 4, names: { en: 'Near future', fr: 'Futur proche', es: 'Futuro cercano', de: 'Nahe Zukunft', it: 'Futuro prossimo' } },
  { id: 5, names: { en: 'Distant future', fr: 'Futur lointain', es: 'Futuro lejano', de: 'Ferne Zukunft', it: 'Futuro lontano' } },
  { id: 6, names: { en: 'Alternate history', fr: 'Uchronie', es: 'Ucronía', de: 'Alternative Geschichte', it: 'Ucronia' } },
  { id: 7, names: { en: 'Several eras', fr: 'Plusieurs époques', es: 'Varias épocas', de: 'Mehrere Epochen', it: 'Più epoche' } },
  { id: 8, names: { en: 'Timeless', fr: 'Intemporel', es: 'Atemporal', de: 'Zeitlos', it: 'Senza tempo' } },
];
