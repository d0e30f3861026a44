import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../../common/locales';
import type { FieldErrors } from '../../../common/validation';

/** How many of `fields` have a text in `locale`. */
function filledCount(data: Record<string, unknown>, fields: readonly string[], locale: Locale): number {
  return fields.filter((field) => {
    const value = data[field] as Record<string, unknown> | undefined;
    // A test rather than trim(): reports run to thousands of characters and this runs on every keystroke.
    return typeof value?.[locale] === 'string' && /\S/.test(value[locale] as string);
  }).length;
}

/** Locales named by at least one error key (`titles.fr`, `characters.0.issues.de`). */
function localesWithErrors(errors: FieldErrors): Set<Locale> {
  const found = new Set<Locale>();
  for (const key of Object.keys(errors))
    for (const segment of key.split('.')) if ((LOCALES as readonly string[]).includes(segment)) found.add(segment as Locale);
  return found;
}

interface LanguageSwitcherProps {
  value: Locale;
  onChange(locale: Locale): void;
  data: Record<string, unknown>;
  fields: readonly string[];
  errors: FieldErrors;
}

/**
 * The sheet's editing language (en, fr, es, de, it): switches every translatable field at once.
 * Each language shows how many texts it has (a language left empty is marked) and whether it has errors.
 */
export function LanguageSwitcher({ value, onChange, data, fields, errors }: LanguageSwitcherProps) {
  const { t } = useTranslation();
  const erroneous = localesWithErrors(errors);
  return (
    <div className="sheet-language" role="group" aria-label={t('screens.reading-sheets.language')}>
      <span className="sheet-language-label">{t('screens.reading-sheets.language')}</span>
      <div className="sheet-language-buttons" role="tablist">
        {LOCALES.map((locale) => {
          const filled = filledCount(data, fields, locale);
          const language = t(`locales.${locale}`);
          const hasError = erroneous.has(locale);
          const hint = hasError
            ? t('screens.reading-sheets.localeHasErrors', { language })
            : t('screens.reading-sheets.filledFields', { filled, total: fields.length, language });
          return (
            <button
              key={locale}
              type="button"
              role="tab"
              aria-selected={value === locale}
              data-locale={locale}
              className={`sheet-language-button${value === locale ? ' active' : ''}${filled === 0 ? ' empty' : ''}${hasError ? ' has-error' : ''}`}
              title={hint}
              onClick={() => onChange(locale)}
            >
              <span className="sheet-language-code">{locale.toUpperCase()}</span>
              <span className="sheet-language-name">{language}</span>
              <span className="sheet-language-count" aria-label={hint}>
                {hasError ? '!' : `${filled}/${fields.length}`}
              </span>
            </button>
          );
        })}
      </div>
      <small className="sheet-language-help">{t('screens.reading-sheets.languageHelp')}</small>
    </div>
  );
}
