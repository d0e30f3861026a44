import { SelectButton } from 'primereact/selectbutton';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../../common/locales';

interface ReporterLanguageProps {
  value: Locale;
  /** Asked for another language; the screen saves first, then switches (or not). */
  onChange(locale: Locale): void;
  disabled: boolean;
  /** The form has errors: the switch waits until they are corrected (SPEC §5), and says so. */
  blocked: boolean;
}

/** The language of the reporter's texts (en, fr, es, de, it; SPEC §2), as side-by-side buttons. */
export function ReporterLanguage({ value, onChange, disabled, blocked }: ReporterLanguageProps) {
  const { t } = useTranslation();
  const options = LOCALES.map((locale) => ({ value: locale, label: locale.toUpperCase(), title: t(`locales.${locale}`) }));
  return (
    <div className="reporter-language" role="group" aria-labelledby="reporter-language-label">
      <span id="reporter-language-label" className="reporter-language-label">
        {t('screens.reporters.fields.lang')}
      </span>
      <SelectButton
        value={value}
        options={options}
        optionLabel="label"
        optionValue="value"
        allowEmpty={false}
        disabled={disabled}
        itemTemplate={(option: (typeof options)[number]) => (
          <span title={option.title} data-locale={option.value}>
            {option.label}
          </span>
        )}
        onChange={(e) => {
          if (e.value) onChange(e.value as Locale);
        }}
      />
      {blocked ? <small className="reporter-language-blocked">{t('screens.reporters.language.blocked')}</small> : null}
    </div>
  );
}
