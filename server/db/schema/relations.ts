/**
 * Drizzle relations of the business tables, for relational queries
 * (`db.query.books.findFirst({ with: { authors: { with: { author: true } } } })`).
 * They describe the foreign keys declared in the table files; they create nothing in SQL.
 */
import { relations } from 'drizzle-orm';
import { aiBooks } from './ai-books.js';
import {
  bookAdaptationFormats,
  bookAdaptationKinds,
  bookAudiences,
  bookCategories,
  bookGenres,
  bookLiteraryPrizes,
  bookPeriods,
  bookPlaces,
  bookThematics,
} from './book-criteria.js';
import { bookFiles } from './book-files.js';
import { bookAuthors, bookContacts, bookSeries, bookSources } from './book-people.js';
import { bookRatings } from './book-ratings.js';
import { books } from './books.js';
import { characterAgeLinks, characters } from './characters.js';
import { demands } from './demands.js';
import { authors, companies, contacts } from './directory.js';
import { literaryPrizes } from './editorial.js';
import {
  adaptationBudgets,
  adaptationFormats,
  adaptationKinds,
  audiences,
  authorTypes,
  bookStatuses,
  categories,
  characterAges,
  characterFunctions,
  characterGenders,
  characterTopologies,
  contactTypes,
  countries,
  demandStatuses,
  demandTypes,
  formats,
  genres,
  languages,
  locales,
  periods,
  plans,
  reporterStatuses,
  rightsStatuses,
  thematics,
  times,
} from './reference.js';
import { reporterBooks, reporterTexts, reporterUserRoles, reporterUsers, reporters } from './reporters.js';
import { creditMovements, libraries, libraryBooks, savedSearches, subscriptions, users } from './subscribers.js';
import { bookViews, userConnections } from './usage.js';

export const companiesRelations = relations(companies, ({ one, many }) => ({
  country: one(countries, { fields: [companies.countryId], references: [countries.id] }),
  contacts: many(contacts),
  books: many(books),
}));

export const contactsRelations = relations(contacts, ({ one, many }) => ({
  company: one(companies, { fields: [contacts.companyId], references: [companies.id] }),
  contactType: one(contactTypes, { fields: [contacts.contactTypeId], references: [contactTypes.id] }),
  bookContacts: many(bookContacts),
  bookSources: many(bookSources),
}));

export const authorsRelations = relations(authors, ({ one, many }) => ({
  country: one(countries, { fields: [authors.countryId], references: [countries.id] }),
  bookAuthors: many(bookAuthors),
}));

export const booksRelations = relations(books, ({ one, many }) => ({
  originalCountry: one(countries, { fields: [books.originalCountryId], references: [countries.id] }),
  language: one(languages, { fields: [books.languageId], references: [languages.id] }),
  status: one(bookStatuses, { fields: [books.statusId], references: [bookStatuses.id] }),
  rightsStatus: one(rightsStatuses, { fields: [books.rightsStatusId], references: [rightsStatuses.id] }),
  time: one(times, { fields: [books.timeId], references: [times.id] }),
  format: one(formats, { fields: [books.formatId], references: [formats.id] }),
  company: one(companies, { fields: [books.companyId], references: [companies.id] }),
  adaptationBudget: one(adaptationBudgets, { fields: [books.adaptationBudgetId], references: [adaptationBudgets.id] }),
  genres: many(bookGenres),
  periods: many(bookPeriods),
  places: many(bookPlaces),
  thematics: many(bookThematics),
  audiences: many(bookAudiences),
  categories: many(bookCategories),
  adaptationFormats: many(bookAdaptationFormats),
  adaptationKinds: many(bookAdaptationKinds),
  literaryPrizes: many(bookLiteraryPrizes),
  authors: many(bookAuthors),
  contacts: many(bookContacts),
  sources: many(bookSources),
  series: many(bookSeries),
  characters: many(characters),
  ratings: many(bookRatings),
  files: many(bookFiles),
  demands: many(demands),
  reporters: many(reporterBooks),
  libraries: many(libraryBooks),
  aiBook: one(aiBooks),
  views: many(bookViews),
}));

export const bookGenresRelations = relations(bookGenres, ({ one }) => ({
  book: one(books, { fields: [bookGenres.bookId], references: [books.id] }),
  genre: one(genres, { fields: [bookGenres.genreId], references: [genres.id] }),
}));
export const bookPeriodsRelations = relations(bookPeriods, ({ one }) => ({
  book: one(books, { fields: [bookPeriods.bookId], references: [books.id] }),
  period: one(periods, { fields: [bookPeriods.periodId], references: [periods.id] }),
}));
export const bookPlacesRelations = relations(bookPlaces, ({ one }) => ({
  book: one(books, { fields: [bookPlaces.bookId], references: [books.id] }),
  country: one(countries, { fields: [bookPlaces.countryId], references: [countries.id] }),
}));
export const bookThematicsRelations = relations(bookThematics, ({ one }) => ({
  book: one(books, { fields: [bookThematics.bookId], references: [books.id] }),
  thematic: one(thematics, { fields: [bookThematics.thematicId], references: [thematics.id] }),
}));
export const bookAudiencesRelations = relations(bookAudiences, ({ one }) => ({
  book: one(books, { fields: [bookAudiences.bookId], references: [books.id] }),
  audience: one(audiences, { fields: [bookAudiences.audienceId], references: [audiences.id] }),
}));
export const bookCategoriesRelations = relations(bookCategories, ({ one }) => ({
  book: one(books, { fields: [bookCategories.bookId], references: [books.id] }),
  category: one(categories, { fields: [bookCategories.categoryId], references: [categories.id] }),
}));
export const bookAdaptationFormatsRelations = relations(bookAdaptationFormats, ({ one }) => ({
  book: one(books, { fields: [bookAdaptationFormats.bookId], references: [books.id] }),
  adaptationFormat: one(adaptationFormats, { fields: [bookAdaptationFormats.adaptationFormatId], references: [adaptationFormats.id] }),
}));
export const bookAdaptationKindsRelations = relations(bookAdaptationKinds, ({ one }) => ({
  book: one(books, { fields: [bookAdaptationKinds.bookId], references: [books.id] }),
  adaptationKind: one(adaptationKinds, { fields: [bookAdaptationKinds.adaptationKindId], references: [adaptationKinds.id] }),
}));
export const bookLiteraryPrizesRelations = relations(bookLiteraryPrizes, ({ one }) => ({
  book: one(books, { fields: [bookLiteraryPrizes.bookId], references: [books.id] }),
  literaryPrize: one(literaryPrizes, { fields: [bookLiteraryPrizes.literaryPrizeId], references: [literaryPrizes.id] }),
}));

export const literaryPrizesRelations = relations(literaryPrizes, ({ many }) => ({ books: many(bookLiteraryPrizes) }));

export const bookAuthorsRelations = relations(bookAuthors, ({ one }) => ({
  book: one(books, { fields: [bookAuthors.bookId], references: [books.id] }),
  author: one(authors, { fields: [bookAuthors.authorId], references: [authors.id] }),
  authorType: one(authorTypes, { fields: [bookAuthors.authorTypeId], references: [authorTypes.id] }),
}));
export const bookContactsRelations = relations(bookContacts, ({ one }) => ({
  book: one(books, { fields: [bookContacts.bookId], references: [books.id] }),
  contact: one(contacts, { fields: [bookContacts.contactId], references: [contacts.id] }),
}));
export const bookSourcesRelations = relations(bookSources, ({ one }) => ({
  book: one(books, { fields: [bookSources.bookId], references: [books.id] }),
  contact: one(contacts, { fields: [bookSources.contactId], references: [contacts.id] }),
}));
export const bookSeriesRelations = relations(bookSeries, ({ one }) => ({
  book: one(books, { fields: [bookSeries.bookId], references: [books.id] }),
}));
export const bookRatingsRelations = relations(bookRatings, ({ one }) => ({
  book: one(books, { fields: [bookRatings.bookId], references: [books.id] }),
}));
export const bookFilesRelations = relations(bookFiles, ({ one }) => ({
  book: one(books, { fields: [bookFiles.bookId], references: [books.id] }),
}));

export const charactersRelations = relations(characters, ({ one, many }) => ({
  book: one(books, { fields: [characters.bookId], references: [books.id] }),
  function: one(characterFunctions, { fields: [characters.functionId], references: [characterFunctions.id] }),
  gender: one(characterGenders, { fields: [characters.genderId], references: [characterGenders.id] }),
  country: one(countries, { fields: [characters.countryId], references: [countries.id] }),
  topology: one(characterTopologies, { fields: [characters.topologyId], references: [characterTopologies.id] }),
  ages: many(characterAgeLinks),
}));
export const characterAgeLinksRelations = relations(characterAgeLinks, ({ one }) => ({
  character: one(characters, { fields: [characterAgeLinks.characterId], references: [characters.id] }),
  age: one(characterAges, { fields: [characterAgeLinks.ageId], references: [characterAges.id] }),
}));

export const aiBooksRelations = relations(aiBooks, ({ one }) => ({
  book: one(books, { fields: [aiBooks.bookId], references: [books.id] }),
}));

export const usersRelations = relations(users, ({ one, many }) => ({
  locale: one(locales, { fields: [users.localeId], references: [locales.id] }),
  country: one(countries, { fields: [users.countryId], references: [countries.id] }),
  subscriptions: many(subscriptions),
  creditMovements: many(creditMovements),
  libraries: many(libraries),
  savedSearches: many(savedSearches),
  demands: many(demands),
  reporters: many(reporterUsers),
  views: many(bookViews),
  connections: many(userConnections),
}));
export const subscriptionsRelations = relations(subscriptions, ({ one }) => ({
  user: one(users, { fields: [subscriptions.userId], references: [users.id] }),
  plan: one(plans, { fields: [subscriptions.planId], references: [plans.id] }),
}));
export const creditMovementsRelations = relations(creditMovements, ({ one }) => ({
  user: one(users, { fields: [creditMovements.userId], references: [users.id] }),
}));
export const librariesRelations = relations(libraries, ({ one, many }) => ({
  user: one(users, { fields: [libraries.userId], references: [users.id] }),
  books: many(libraryBooks),
}));
export const libraryBooksRelations = relations(libraryBooks, ({ one }) => ({
  library: one(libraries, { fields: [libraryBooks.libraryId], references: [libraries.id] }),
  book: one(books, { fields: [libraryBooks.bookId], references: [books.id] }),
}));
export const savedSearchesRelations = relations(savedSearches, ({ one }) => ({
  user: one(users, { fields: [savedSearches.userId], references: [users.id] }),
}));

export const demandsRelations = relations(demands, ({ one }) => ({
  user: one(users, { fields: [demands.userId], references: [users.id] }),
  book: one(books, { fields: [demands.bookId], references: [books.id] }),
  demandType: one(demandTypes, { fields: [demands.demandTypeId], references: [demandTypes.id] }),
  demandStatus: one(demandStatuses, { fields: [demands.demandStatusId], references: [demandStatuses.id] }),
}));

export const reportersRelations = relations(reporters, ({ one, many }) => ({
  status: one(reporterStatuses, { fields: [reporters.reporterStatusId], references: [reporterStatuses.id] }),
  users: many(reporterUsers),
  userRoles: many(reporterUserRoles),
  texts: many(reporterTexts),
  books: many(reporterBooks),
}));
export const reporterUsersRelations = relations(reporterUsers, ({ one }) => ({
  reporter: one(reporters, { fields: [reporterUsers.reporterId], references: [reporters.id] }),
  user: one(users, { fields: [reporterUsers.userId], references: [users.id] }),
}));
export const reporterUserRolesRelations = relations(reporterUserRoles, ({ one }) => ({
  reporter: one(reporters, { fields: [reporterUserRoles.reporterId], references: [reporters.id] }),
  plan: one(plans, { fields: [reporterUserRoles.planId], references: [plans.id] }),
}));
export const reporterTextsRelations = relations(reporterTexts, ({ one }) => ({
  reporter: one(reporters, { fields: [reporterTexts.reporterId], references: [reporters.id] }),
}));
export const reporterBooksRelations = relations(reporterBooks, ({ one }) => ({
  reporter: one(reporters, { fields: [reporterBooks.reporterId], references: [reporters.id] }),
  book: one(books, { fields: [reporterBooks.bookId], references: [books.id] }),
}));

export const bookViewsRelations = relations(bookViews, ({ one }) => ({
  book: one(books, { fields: [bookViews.bookId], references: [books.id] }),
  user: one(users, { fields: [bookViews.userId], references: [users.id] }),
}));
export const userConnectionsRelations = relations(userConnections, ({ one }) => ({
  user: one(users, { fields: [userConnections.userId], references: [users.id] }),
}));
