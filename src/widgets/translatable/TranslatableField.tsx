import type { ErrorSchema, FieldProps } from '@rjsf/utils';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale, type Translations } from '../../../common/locales';

/** Locales of a translatable value that carry errors, in tab order. */
export function localesWithErrors(errorSchema: ErrorSchema<Translations> | undefined): Locale[] {
  if (!errorSchema) return [];
  return LOCALES.filter((locale) => {
    const entry = (errorSchema as Record<string, { __errors?: string[] } | undefined>)[locale];
    return Boolean(entry?.__errors?.length);
  });
}

/**
 * A per-locale value (`{ en, fr, es, de, it }`) edited through language tabs, English first.
 * A tab with an error carries a badge, an empty language a mark; when errors arrive, the
 * field shows the first language that has one.
 */
export function TranslatableField(props: FieldProps<Translations>) {
  const { formData, onChange, errorSchema, schema, uiSchema, fieldPathId, required, disabled, readonly } = props;
  const { t } = useTranslation();
  const [active, setActive] = useState<Locale>(DEFAULT_LOCALE);
  const value = formData ?? {};
  const erroneous = localesWithErrors(errorSchema);
  const options = (uiSchema?.['ui:options'] ?? {}) as { multiline?: boolean; rows?: number };
  const id = fieldPathId.$id;

  // New errors: show the first language that has one, unless the current one has one too.
  const [seenErrors, setSeenErrors] = useState(errorSchema);
  if (errorSchema !== seenErrors) {
    setSeenErrors(errorSchema);
    if (erroneous[0] && !erroneous.includes(active)) setActive(erroneous[0]);
  }

  const setLocaleValue = (locale: Locale, text: string) => {
    const next: Translations = { ...value };
    if (text === '') delete next[locale];
    else next[locale] = text;
    onChange(next, fieldPathId.path);
  };

  const localeRequired = (locale: Locale) => Boolean((schema.required as string[] | undefined)?.includes(locale));
  const messages = (errorSchema as Record<string, { __errors?: string[] } | undefined> | undefined)?.[active]?.__errors ?? [];
  const inputId = `${id}_${active}`;
  const common = {
    id: inputId,
    value: value[active] ?? '',
    disabled: disabled,
    readOnly: readonly,
    invalid: messages.length > 0,
    'aria-describedby': messages.length ? `${inputId}__error` : undefined,
  };

  return (
    <div className="translatable-field" data-field={id}>
      <label htmlFor={inputId} className="field-label">
        {schema.title}
        {(required || localeRequired('en')) && !disabled ? <span className="required-mark"> *</span> : null}
      </label>
      <div className="translatable-body">
        <div className="locale-tabs" role="tablist" aria-label={String(schema.title ?? '')}>
          {LOCALES.map((locale) => {
            const hasError = erroneous.includes(locale);
            const empty = !value[locale];
            return (
              <button
                key={locale}
                type="button"
                role="tab"
                aria-selected={active === locale}
                className={`locale-tab${active === locale ? ' active' : ''}${hasError ? ' has-error' : ''}`}
                onClick={() => setActive(locale)}
                title={hasError ? t('form.localeHasErrors') : empty ? t('form.emptyLocale') : t(`locales.${locale}`)}
              >
                {locale.toUpperCase()}
                {hasError ? <span className="locale-badge error" aria-label={t('form.localeHasErrors')}>!</span> : null}
                {!hasError && empty ? <span className="locale-badge empty" aria-label={t('form.emptyLocale')} /> : null}
              </button>
            );
          })}
        </div>
        {options.multiline ? (
          <InputTextarea {...common} rows={options.rows ?? 4} autoResize onChange={(e) => setLocaleValue(active, e.target.value)} />
        ) : (
          <InputText {...common} onChange={(e) => setLocaleValue(active, e.target.value)} />
        )}
        {messages.length ? (
          <small id={`${inputId}__error`} className="p-error field-error" role="alert">
            {messages.join('\n')}
          </small>
        ) : null}
      </div>
    </div>
  );
}
