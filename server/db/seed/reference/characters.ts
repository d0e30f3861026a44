import type { NamedEntry } from './names.js';

/** The dramatic role a character plays in the story. */
export const CHARACTER_FUNCTIONS: readonly NamedEntry[] = [
  { id: 1, names: { en: 'Protagonist', fr: 'Protagoniste', es: 'Protagonista', de: 'Protagonist', it: 'Protagonista' } },
  { id: 2, names: { en: 'Antagonist', fr: 'Antagoniste', es: 'Antagonista', de: 'Antagonist', it: 'Antagonista' } },
  { id: 3, names: { en: 'Secondary character', fr: 'Personnage secondaire', es: 'Personaje secundario', de: 'Nebenfigur', it: 'Personaggio secondario' } },
  { id: 4, names: { en: 'Ally', fr: 'Allié', es: 'Aliado', de: 'Verbündeter', it: 'Alleato' } },
  { id: 5, names: { en: 'Mentor', fr: 'Mentor', es: 'Mentor', de: 'Mentor', it: 'Mentore' } },
  { id: 6, names: { en: 'Love interest', fr: 'Intérêt amoureux', es: 'Interés amoroso', de: 'Liebespartner', it: 'Interesse amoroso' } },
  { id: 7, names: { en: 'Confidant', fr: 'Confident', es: 'Confidente', de: 'Vertrauter', it: 'Confidente' } },
  { id: 8, names: { en: 'Narrator', fr: 'Narrateur', es: 'Narrador', de: 'Erzähler', it: 'Narratore' } },
  { id: 9, names: { en: 'Comic relief', fr: 'Personnage comique', es: 'Personaje cómico', de: 'Komische Figur', it: 'Personaggio comico' } },
  { id: 10, names: { en: 'Ensemble character', fr: 'Personnage choral', es: 'Personaje coral', de: 'Ensemblefigur', it: 'Personaggio corale' } },
];

/** A character's gender as the book presents it. */
export const CHARACTER_GENDERS: readonly NamedEntry[] = [
  { id: 1, names: { en: 'Male', fr: 'Masculin', es: 'Masculino', de: 'Männlich', it: 'Maschile' } },
  { id: 2, names: { en: 'Female', fr: 'Féminin', es: 'Femenino', de: 'Weiblich', it: 'Femminile' } },
  { id: 3, names: { en: 'Non-binary', fr: 'Non binaire', es: 'No binario', de: 'Nicht-binär', it: 'Non binario' } },
  { id: 4, names: { en: 'Undetermined', fr: 'Indéterminé', es: 'Indeterminado', de: 'Unbestimmt', it: 'Indeterminato' } },
  {
    id: 5,
    names: {
      en: 'Not applicable (non-human)',
      fr: 'Non applicable (non humain)',
      es: 'No aplicable (no humano)',
      de: 'Nicht zutreffend (nicht menschlich)',
      it: 'Non applicabile (non umano)',
    },
  },
];

/** Age brackets; a character may span several (the story covers years). */
export const CHARACTER_AGES: readonly NamedEntry[] = [
  { id: 1, names: { en: 'Child (0 to 12)', fr: 'Enfant (0 à 12 ans)', es: 'Niño (0 a 12 años)', de: 'Kind (0 bis 12 Jahre)', it: 'Bambino (da 0 a 12 anni)' } },
  {
    id: 2,
    names: {
      en: 'Teenager (13 to 17)',
      fr: 'Adolescent (13 à 17 ans)',
      es: 'Adolescente (13 a 17 años)',
      de: 'Jugendlicher (13 bis 17 Jahre)',
      it: 'Adolescente (da 13 a 17 anni)',
    },
  },
  {
    id: 3,
    names: {
      en: 'Young adult (18 to 29)',
      fr: 'Jeune adulte (18 à 29 ans)',
      es: 'Joven adulto (18 a 29 años)',
      de: 'Junger Erwachsener (18 bis 29 Jahre)',
      it: 'Giovane adulto (da 18 a 29 anni)',
    },
  },
  {
    id: 4,
    names: {
      en: 'Adult (30 to 49)',
      fr: 'Adulte (30 à 49 ans)',
      es: 'Adulto (30 a 49 años)',
      de: 'Erwachsener (30 bis 49 Jahre)',
      it: 'Adulto (da 30 a 49 anni)',
    },
  },
  {
    id: 5,
    names: {
      en: 'Middle-aged (50 to 64)',
      fr: 'Âge mûr (50 à 64 ans)',
      es: 'Mediana edad (50 a 64 años)',
      de: 'Mittleres Alter (50 bis 64 Jahre)',
      it: 'Mezza età (da 50 a 64 anni)',
    },
  },
  {
    id: 6,
    names: {
      en: 'Senior (65 and over)',
      fr: 'Senior (65 ans et plus)',
      es: 'Persona mayor (65 años o más)',
      de: 'Senior (ab 65 Jahren)',
      it: 'Anziano (65 anni e oltre)',
    },
  },
];

/** Character archetypes (the "typology" of a character). */
export const CHARACTER_TOPOLOGIES: readonly NamedEntry[] = [
  { id: 1, names: { en: 'Hero', fr: 'Héros', es: 'Héroe', de: 'Held', it: 'Eroe' } },
  { id: 2, names: { en: 'Anti-hero', fr: 'Antihéros', es: 'Antihéroe', de: 'Antiheld', it: 'Antieroe' } },
  { id: 3, names: { en: 'Villain', fr: 'Méchant', es: 'Villano', de: 'Bösewicht', it: 'Cattivo' } },
  { id: 4, names: { en: 'Victim', fr: 'Victime', es: 'Víctima', de: 'Opfer', it: 'Vittima' } },
  { id: 5, names: { en: 'Ordinary person', fr: 'Personne ordinaire', es: 'Persona corriente', de: 'Durchschnittsmensch', it: 'Persona comune' } },
  { id: 6, names: { en: 'Outsider', fr: 'Marginal', es: 'Marginado', de: 'Außenseiter', it: 'Emarginato' } },
  { id: 7, names: { en: 'Investigator', fr: 'Enquêteur', es: 'Investigador', de: 'Ermittler', it: 'Investigatore' } },
  { id: 8, names: { en: 'Rebel', fr: 'Rebelle', es: 'Rebelde', de: 'Rebell', it: 'Ribelle' } },
  { id: 9, names: { en: 'Seducer', fr: 'Séducteur', es: 'Seductor', de: 'Verführer', it: 'Seduttore' } },
  { id: 10, names: { en: 'Trickster', fr: 'Filou', es: 'Pícaro', de: 'Schelm', it: 'Briccone' } },
  { id: 11, names: { en: 'Survivor', fr: 'Survivant', es: 'Superviviente', de: 'Überlebender', it: 'Sopravvissuto' } },
  { id: 12, names: { en: 'Lover', fr: 'Amoureux', es: 'Enamorado', de: 'Liebender', it: 'Innamorato' } },
  { id: 13, names: { en: 'Monster or creature', fr: 'Monstre ou créature', es: 'Monstruo o criatura', de: 'Monster oder Kreatur', it: 'Mostro o creatura' } },
];
