import { getUiOptions, type ErrorSchema, type FieldProps } from '@rjsf/utils';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale, type Translations } from '../../../common/locales';
import type { TranslatableOptions } from '../../../common/widgetOptions/translatable';
import { useTypingDraft } from './useTypingDraft';

/**
 * Whether the browser grows a textarea with its text by itself (`field-sizing: content`, Chromium
 * 123+). Then PrimeReact's script resize, which forces a layout of the page on every keystroke, is off.
 */
const NATIVE_AUTO_SIZE = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** Locales of a translatable value that carry errors, in tab order. */
function localesWithErrors(errorSchema: ErrorSchema<Translations> | undefined): Locale[] {
  if (!errorSchema) return [];
  return LOCALES.filter((locale) => {
    const entry = (errorSchema as Record<string, { __errors?: string[] } | undefined>)[locale];
    return Boolean(entry?.__errors?.length);
  });
}

/**
 * What a screen with one language switcher for the whole form puts in the RJSF formContext: every
 * translatable field then shows that language, and its language tabs switch the whole form.
 */
interface FormLocaleContext {
  formLocale?: Locale | undefined;
  setFormLocale?: ((locale: Locale) => void) | undefined;
}

/**
 * A per-locale value (`{ en, fr, es, de, it }`) edited through language tabs, English first.
 * A tab with an error carries a badge, an empty language a mark; when errors arrive, the
 * field shows the first language that has one. When the formContext gives a form-wide locale
 * (`formLocale`), the field shows that language and its tabs switch the whole form instead.
 */
export function TranslatableField(props: FieldProps<Translations>) {
  const { formData, onChange, errorSchema, schema, uiSchema, fieldPathId, required, disabled, readonly, registry } = props;
  const { t } = useTranslation();
  const [ownActive, setOwnActive] = useState<Locale>(DEFAULT_LOCALE);
  const { formLocale, setFormLocale } = (registry.formContext ?? {}) as FormLocaleContext;
  const formWide = formLocale !== undefined;
  const active = formWide ? formLocale : ownActive;
  const setActive = (locale: Locale) => (formWide ? setFormLocale?.(locale) : setOwnActive(locale));
  const title = getUiOptions(uiSchema).title ?? schema.title;
  const value = formData ?? {};
  const erroneous = localesWithErrors(errorSchema);
  const options = (uiSchema?.['ui:options'] ?? {}) as TranslatableOptions;
  const id = fieldPathId.$id;

  // New errors: show the first language that has one, unless the current one has one too (with a
  // form-wide locale, the screen picks the language of the form's first error instead).
  const [seenErrors, setSeenErrors] = useState(errorSchema);
  if (errorSchema !== seenErrors) {
    setSeenErrors(errorSchema);
    if (!formWide && erroneous[0] && !erroneous.includes(active)) setOwnActive(erroneous[0]);
  }

  // A keystroke renders this field alone; the form gets the text when typing pauses (useTypingDraft).
  const { shown, typing, type: setLocaleValue, handOver } = useTypingDraft(value, (next) => onChange(next, fieldPathId.path));

  const localeRequired = (locale: Locale) => Boolean((schema.required as string[] | undefined)?.includes(locale));
  // The errors of the text as the form last had it: gone as soon as it is being corrected, as a change the form has
  // would clear them (the form checks the new text once it has it).
  const messages = typing(active) ? [] : ((errorSchema as Record<string, { __errors?: string[] } | undefined> | undefined)?.[active]?.__errors ?? []);
  const inputId = `${id}_${active}`;
  const common = {
    id: inputId,
    value: shown(active),
    onBlur: handOver,
    onKeyDown: (event: { key: string }) => {
      if (event.key === 'Enter') handOver();
    },
    disabled: disabled,
    readOnly: readonly,
    invalid: messages.length > 0,
    'aria-describedby': messages.length ? `${inputId}__error` : undefined,
  };

  return (
    <div className={`translatable-field${formWide ? ' form-wide-locale' : ''}`} data-field={id}>
      <label htmlFor={inputId} className="field-label">
        {title}
        {(required || localeRequired('en')) && !disabled ? <span className="required-mark"> *</span> : null}
      </label>
      <div className="translatable-body">
        <div className="locale-tabs" role="tablist" aria-label={String(title ?? '')}>
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
                onClick={() => {
                  handOver();
                  setActive(locale);
                }}
                title={hasError ? t('form.localeHasErrors') : empty ? t('form.emptyLocale') : t(`locales.${locale}`)}
              >
                {locale.toUpperCase()}
                {hasError ? (
                  <span className="locale-badge error" aria-label={t('form.localeHasErrors')}>
                    !
                  </span>
                ) : null}
                {!hasError && empty ? <span className="locale-badge empty" aria-label={t('form.emptyLocale')} /> : null}
              </button>
            );
          })}
        </div>
        {options.multiline ? (
          <InputTextarea
            {...common}
            rows={options.rows ?? 4}
            autoResize={!NATIVE_AUTO_SIZE}
            className={NATIVE_AUTO_SIZE ? 'auto-size' : undefined}
            style={NATIVE_AUTO_SIZE ? { minHeight: `calc(${options.rows ?? 4}lh + 1.5rem + 2px)` } : undefined}
            onChange={(e) => setLocaleValue(active, e.target.value)}
          />
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
