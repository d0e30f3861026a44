import type { Locale, Translations } from '../../common/locales.js';
import { escapeHtml } from './escapeHtml.js';

/** The sheet as a notification names it. */
export interface NotifiedSheet {
  id: number;
  originalTitle: string;
  titles: Translations;
}

/** One composed e-mail, ready for the outbox. */
export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

interface Wording {
  subject: (sheet: string) => string;
  greeting: (name: string) => string;
  updated: (sheet: string) => string;
  link: string;
  reason: string;
}

/** The texts of a sheet notification, per content locale. */
const WORDING: Record<Locale, Wording> = {
  en: {
    subject: (sheet) => `Reading sheet updated: ${sheet}`,
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    updated: (sheet) => `The reading sheet "${sheet}" that you follow has been updated.`,
    link: 'See it on the site:',
    reason: 'You receive this e-mail because this book is in one of your libraries or you have an open request on it.',
  },
  fr: {
    subject: (sheet) => `Fiche de lecture mise à jour : ${sheet}`,
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    updated: (sheet) => `La fiche de lecture « ${sheet} » que vous suivez a été mise à jour.`,
    link: 'Consultez-la sur le site :',
    reason: "Vous recevez cet e-mail parce que ce livre figure dans l'une de vos bibliothèques ou que vous avez une demande en cours à son sujet.",
  },
  es: {
    subject: (sheet) => `Ficha de lectura actualizada: ${sheet}`,
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    updated: (sheet) => `La ficha de lectura «${sheet}» que usted sigue ha sido actualizada.`,
    link: 'Consúltela en el sitio:',
    reason: 'Recibe este correo porque este libro está en una de sus bibliotecas o tiene una solicitud abierta sobre él.',
  },
  de: {
    subject: (sheet) => `Lesegutachten aktualisiert: ${sheet}`,
    greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    updated: (sheet) => `Das Lesegutachten „${sheet}“, dem Sie folgen, wurde aktualisiert.`,
    link: 'Auf der Website ansehen:',
    reason: 'Sie erhalten diese E-Mail, weil dieses Buch in einer Ihrer Bibliotheken ist oder Sie eine offene Anfrage dazu haben.',
  },
  it: {
    subject: (sheet) => `Scheda di lettura aggiornata: ${sheet}`,
    greeting: (name) => (name ? `Buongiorno ${name},` : 'Buongiorno,'),
    updated: (sheet) => `La scheda di lettura «${sheet}» che segue è stata aggiornata.`,
    link: 'La consulti sul sito:',
    reason: 'Riceve questa e-mail perché questo libro è in una delle sue biblioteche o ha una richiesta aperta su di esso.',
  },
};

/** The public site's page of a sheet: PUBLIC_SITE_URL + `books/{id}` (a base path is kept). */
export function publicSheetUrl(publicSiteUrl: string, bookId: number): string {
  const base = publicSiteUrl.endsWith('/') ? publicSiteUrl : `${publicSiteUrl}/`;
  return new URL(`books/${bookId}`, base).toString();
}

/** The sheet's name for a reader of `locale`: the original title, then its title in that locale when it differs. */
function sheetName(sheet: NotifiedSheet, locale: Locale): string {
  const original = sheet.originalTitle.trim();
  const translated = sheet.titles[locale]?.trim();
  return translated && translated !== original ? `${original} (${translated})` : original;
}

/**
 * The mail telling a subscriber a sheet they follow was updated: the subject in their locale, the
 * body in their locale followed by the English text (English only for English readers). Titles
 * and names are plain text: the text body keeps them as typed, the HTML body escapes them.
 */
export function composeSheetNotification(input: { sheet: NotifiedSheet; locale: Locale; greetingName: string; publicSiteUrl: string }): ComposedMail {
  const { sheet, locale, greetingName, publicSiteUrl } = input;
  const name = sheetName(sheet, locale);
  const link = publicSheetUrl(publicSiteUrl, sheet.id);
  const wordings = locale === 'en' ? [WORDING.en] : [WORDING[locale], WORDING.en];
  const text = wordings.map((w) => [w.greeting(greetingName), '', w.updated(name), `${w.link} ${link}`, '', w.reason].join('\n')).join('\n\n---\n\n');
  const html = wordings
    .map(
      (w) =>
        `<p>${escapeHtml(w.greeting(greetingName))}</p>\n` +
        `<p>${escapeHtml(w.updated(name))}<br>\n${escapeHtml(w.link)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>\n` +
        `<p style="color:#666;font-size:smaller">${escapeHtml(w.reason)}</p>`,
    )
    .join('\n<hr>\n');
  return { subject: WORDING[locale].subject(name), text: `${text}\n`, html: `<!doctype html>\n<html><body>\n${html}\n</body></html>\n` };
}
