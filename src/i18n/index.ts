import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { buildResources, type Messages } from '../../common/i18nResources';

/** UI strings: English, with the French labels the product uses (see docs/ui-language.md). */
export const resources = buildResources(import.meta.glob<Messages>('./locales/*/**/*.json', { eager: true, import: 'default' }));

void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
