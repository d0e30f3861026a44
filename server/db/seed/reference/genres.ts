import type { Db } from '../../client.js';
import { genres } from '../../schema/reference.js';
import { searchTextOf, type NamedEntry } from './names.js';
import { syncIdSequence, upsertRows } from './upsert.js';

/** A top-level genre, its display colour and its sub-genres (which take the parent's colour unless they set one). */
interface GenreSeed extends NamedEntry {
  color: string;
  children: readonly (NamedEntry & { color?: string })[];
}

/**
 * The genre tree: top genres have ids 1 to 12 and each its own colour; sub-genres follow from 13.
 * New entries take the next free id, never a reused one.
 */
const GENRES: readonly GenreSeed[] = [
  {
    id: 1,
    color: '#c62828',
    names: { en: 'Thriller', fr: 'Thriller', es: 'Thriller', de: 'Thriller', it: 'Thriller' },
    children: [
      {
        id: 13,
        names: { en: 'Psychological thriller', fr: 'Thriller psychologique', es: 'Thriller psicológico', de: 'Psychothriller', it: 'Thriller psicologico' },
      },
      { id: 14, names: { en: 'Political thriller', fr: 'Thriller politique', es: 'Thriller político', de: 'Politthriller', it: 'Thriller politico' } },
      { id: 15, names: { en: 'Legal thriller', fr: 'Thriller judiciaire', es: 'Thriller judicial', de: 'Justizthriller', it: 'Thriller giudiziario' } },
      { id: 16, names: { en: 'Techno-thriller', fr: 'Techno-thriller', es: 'Tecnothriller', de: 'Technothriller', it: 'Techno-thriller' } },
      { id: 17, names: { en: 'Espionage', fr: 'Espionnage', es: 'Espionaje', de: 'Spionage', it: 'Spionaggio' } },
    ],
  },
  {
    id: 2,
    color: '#37474f',
    names: { en: 'Crime', fr: 'Polar', es: 'Novela policíaca', de: 'Krimi', it: 'Giallo' },
    children: [
      { id: 18, names: { en: 'Whodunit', fr: 'Roman à énigme', es: 'Novela de enigma', de: 'Whodunit', it: 'Giallo deduttivo' } },
      { id: 19, names: { en: 'Police procedural', fr: 'Procédure policière', es: 'Procedimiento policial', de: 'Polizeikrimi', it: 'Poliziesco procedurale' } },
      { id: 20, names: { en: 'Noir', fr: 'Roman noir', es: 'Novela negra', de: 'Noir', it: 'Noir' } },
      { id: 21, names: { en: 'Heist', fr: 'Braquage', es: 'Atracos', de: 'Heist', it: 'Colpo grosso' } },
      { id: 22, names: { en: 'Serial killer', fr: 'Tueur en série', es: 'Asesino en serie', de: 'Serienmörder', it: 'Serial killer' } },
    ],
  },
  {
    id: 3,
    color: '#1565c0',
    names: { en: 'Drama', fr: 'Drame', es: 'Drama', de: 'Drama', it: 'Dramma' },
    children: [
      { id: 23, names: { en: 'Family drama', fr: 'Drame familial', es: 'Drama familiar', de: 'Familiendrama', it: 'Dramma familiare' } },
      { id: 24, names: { en: 'Social drama', fr: 'Drame social', es: 'Drama social', de: 'Sozialdrama', it: 'Dramma sociale' } },
      {
        id: 25,
        names: { en: 'Coming-of-age story', fr: "Roman d'apprentissage", es: 'Novela de formación', de: 'Entwicklungsroman', it: 'Romanzo di formazione' },
      },
      { id: 26, names: { en: 'Psychological drama', fr: 'Drame psychologique', es: 'Drama psicológico', de: 'Psychodrama', it: 'Dramma psicologico' } },
      { id: 27, names: { en: 'Sports drama', fr: 'Drame sportif', es: 'Drama deportivo', de: 'Sportdrama', it: 'Dramma sportivo' } },
    ],
  },
  {
    id: 4,
    color: '#f9a825',
    names: { en: 'Comedy', fr: 'Comédie', es: 'Comedia', de: 'Komödie', it: 'Commedia' },
    children: [
      { id: 28, names: { en: 'Romantic comedy', fr: 'Comédie romantique', es: 'Comedia romántica', de: 'Romantische Komödie', it: 'Commedia romantica' } },
      { id: 29, names: { en: 'Satire', fr: 'Satire', es: 'Sátira', de: 'Satire', it: 'Satira' } },
      { id: 30, names: { en: 'Comedy-drama', fr: 'Comédie dramatique', es: 'Comedia dramática', de: 'Tragikomödie', it: 'Commedia drammatica' } },
      { id: 31, names: { en: 'Black comedy', fr: 'Comédie noire', es: 'Comedia negra', de: 'Schwarze Komödie', it: 'Commedia nera' } },
    ],
  },
  {
    id: 5,
    color: '#d81b60',
    names: { en: 'Romance', fr: 'Romance', es: 'Romántica', de: 'Liebesroman', it: 'Romanzo rosa' },
    children: [
      {
        id: 32,
        names: {
          en: 'Contemporary romance',
          fr: 'Romance contemporaine',
          es: 'Romántica contemporánea',
          de: 'Zeitgenössischer Liebesroman',
          it: 'Romanzo rosa contemporaneo',
        },
      },
      {
        id: 33,
        names: { en: 'Historical romance', fr: 'Romance historique', es: 'Romántica histórica', de: 'Historischer Liebesroman', it: 'Romanzo rosa storico' },
      },
      { id: 34, names: { en: 'Erotic romance', fr: 'Romance érotique', es: 'Romántica erótica', de: 'Erotischer Liebesroman', it: 'Romanzo erotico' } },
      { id: 35, color: '#ad1457', names: { en: 'Romantasy', fr: 'Romantasy', es: 'Romantasy', de: 'Romantasy', it: 'Romantasy' } },
    ],
  },
  {
    id: 6,
    color: '#6a1b9a',
    names: { en: 'Science fiction', fr: 'Science-fiction', es: 'Ciencia ficción', de: 'Science-Fiction', it: 'Fantascienza' },
    children: [
      { id: 36, names: { en: 'Dystopia', fr: 'Dystopie', es: 'Distopía', de: 'Dystopie', it: 'Distopia' } },
      { id: 37, names: { en: 'Space opera', fr: 'Space opera', es: 'Ópera espacial', de: 'Space Opera', it: 'Space opera' } },
      { id: 38, names: { en: 'Post-apocalyptic', fr: 'Post-apocalyptique', es: 'Postapocalíptica', de: 'Postapokalyptisch', it: 'Post-apocalittico' } },
      { id: 39, names: { en: 'Cyberpunk', fr: 'Cyberpunk', es: 'Ciberpunk', de: 'Cyberpunk', it: 'Cyberpunk' } },
      { id: 40, names: { en: 'Time travel', fr: 'Voyage dans le temps', es: 'Viajes en el tiempo', de: 'Zeitreise', it: 'Viaggi nel tempo' } },
    ],
  },
  {
    id: 7,
    color: '#2e7d32',
    names: { en: 'Fantasy', fr: 'Fantasy', es: 'Fantasía', de: 'Fantasy', it: 'Fantasy' },
    children: [
      { id: 41, names: { en: 'Epic fantasy', fr: 'Fantasy épique', es: 'Fantasía épica', de: 'Epische Fantasy', it: 'Fantasy epico' } },
      { id: 42, names: { en: 'Urban fantasy', fr: 'Fantasy urbaine', es: 'Fantasía urbana', de: 'Urban Fantasy', it: 'Fantasy urbano' } },
      { id: 43, names: { en: 'Dark fantasy', fr: 'Dark fantasy', es: 'Fantasía oscura', de: 'Dark Fantasy', it: 'Dark fantasy' } },
      { id: 44, names: { en: 'Fairy tale', fr: 'Conte de fées', es: 'Cuento de hadas', de: 'Märchen', it: 'Fiaba' } },
    ],
  },
  {
    id: 8,
    color: '#212121',
    names: { en: 'Horror', fr: 'Horreur', es: 'Terror', de: 'Horror', it: 'Horror' },
    children: [
      {
        id: 45,
        names: { en: 'Supernatural horror', fr: 'Horreur surnaturelle', es: 'Terror sobrenatural', de: 'Übernatürlicher Horror', it: 'Horror soprannaturale' },
      },
      { id: 46, names: { en: 'Psychological horror', fr: 'Horreur psychologique', es: 'Terror psicológico', de: 'Psychohorror', it: 'Horror psicologico' } },
      { id: 47, names: { en: 'Gothic', fr: 'Gothique', es: 'Gótico', de: 'Schauerroman', it: 'Gotico' } },
      { id: 48, names: { en: 'Folk horror', fr: 'Folk horror', es: 'Terror folk', de: 'Folk-Horror', it: 'Folk horror' } },
    ],
  },
  {
    id: 9,
    color: '#6d4c41',
    names: { en: 'Historical fiction', fr: 'Roman historique', es: 'Novela histórica', de: 'Historischer Roman', it: 'Romanzo storico' },
    children: [
      { id: 49, names: { en: 'Historical saga', fr: 'Saga historique', es: 'Saga histórica', de: 'Historische Saga', it: 'Saga storica' } },
      { id: 50, names: { en: 'War story', fr: 'Récit de guerre', es: 'Novela bélica', de: 'Kriegsroman', it: 'Romanzo di guerra' } },
      {
        id: 51,
        names: { en: 'Historical mystery', fr: 'Polar historique', es: 'Novela policíaca histórica', de: 'Historischer Kriminalroman', it: 'Giallo storico' },
      },
    ],
  },
  {
    id: 10,
    color: '#ef6c00',
    names: { en: 'Adventure', fr: 'Aventure', es: 'Aventura', de: 'Abenteuer', it: 'Avventura' },
    children: [
      { id: 52, names: { en: 'Action', fr: 'Action', es: 'Acción', de: 'Action', it: 'Azione' } },
      { id: 53, names: { en: 'Survival', fr: 'Survie', es: 'Supervivencia', de: 'Survival', it: 'Sopravvivenza' } },
      { id: 54, names: { en: 'Swashbuckler', fr: 'Cape et épée', es: 'Capa y espada', de: 'Mantel-und-Degen', it: 'Cappa e spada' } },
      {
        id: 55,
        names: {
          en: 'Travel and exploration',
          fr: 'Voyage et exploration',
          es: 'Viajes y exploración',
          de: 'Reise und Entdeckung',
          it: 'Viaggio ed esplorazione',
        },
      },
    ],
  },
  {
    id: 11,
    color: '#546e7a',
    names: { en: 'Non-fiction', fr: 'Non-fiction', es: 'No ficción', de: 'Sachbuch', it: 'Non-fiction' },
    children: [
      { id: 56, names: { en: 'Biography', fr: 'Biographie', es: 'Biografía', de: 'Biografie', it: 'Biografia' } },
      { id: 57, names: { en: 'True crime', fr: 'True crime', es: 'Crímenes reales', de: 'True Crime', it: 'True crime' } },
      { id: 58, names: { en: 'Testimony', fr: 'Témoignage', es: 'Testimonio', de: 'Erfahrungsbericht', it: 'Testimonianza' } },
      { id: 59, names: { en: 'Investigation', fr: 'Enquête', es: 'Investigación', de: 'Reportage', it: 'Inchiesta' } },
    ],
  },
  {
    id: 12,
    color: '#0091ea',
    names: { en: 'Literary fiction', fr: 'Littérature générale', es: 'Ficción literaria', de: 'Belletristik', it: 'Narrativa letteraria' },
    children: [
      { id: 60, names: { en: 'Autofiction', fr: 'Autofiction', es: 'Autoficción', de: 'Autofiktion', it: 'Autofiction' } },
      { id: 61, names: { en: 'Magical realism', fr: 'Réalisme magique', es: 'Realismo mágico', de: 'Magischer Realismus', it: 'Realismo magico' } },
      { id: 62, names: { en: 'Family saga', fr: 'Saga familiale', es: 'Saga familiar', de: 'Familiensaga', it: 'Saga familiare' } },
    ],
  },
];

/** The genre rows, parents before children, with colours resolved and `search_text` filled. */
function genreRows() {
  return GENRES.flatMap((genre) => [
    { id: genre.id, parentId: null, names: genre.names, color: genre.color, searchText: searchTextOf(genre.names) },
    ...genre.children.map((child) => ({
      id: child.id,
      parentId: genre.id,
      names: child.names,
      color: child.color ?? genre.color,
      searchText: searchTextOf(child.names),
    })),
  ]);
}

/** Upserts the genre tree by id in one statement, then syncs the id sequence. */
export async function seedGenres(db: Db): Promise<void> {
  await upsertRows(db, genres, genres.id, genreRows());
  await syncIdSequence(db, genres);
}
