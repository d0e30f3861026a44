import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../common/validation';
import { errorLabel } from './errorLabel';
import { focusErrorField } from './focusErrorField';

export interface ErrorSummaryProps {
  /** The errors shown, by dotted key (`_` for the form as a whole). */
  errors: FieldErrors;
  /** The summary's heading, translated (a failed save and the browser's checks say it differently). */
  title: string;
  /** The form's schema and UI schema, which name each field. */
  schema: RJSFSchema;
  uiSchema: UiSchema | undefined;
  /** The controller's `firstError`: each new one scrolls to its field and focuses it. */
  firstError: { key: string } | undefined;
  /**
   * A link clicked: the screen shows that field (usually `controller.reportClientErrors({ [key]: [] })`,
   * which makes it the first error, so the form opens its tab and this summary focuses it).
   */
  onJump(key: string): void;
}

/**
 * Every error of the last save above the form, each a link to its field; the first error's field
 * is focused after each failed save (its tab, sub-tab and language shown by the form first).
 */
export function ErrorSummary({ errors, title, schema, uiSchema, firstError, onJump }: ErrorSummaryProps) {
  const { t } = useTranslation();
  useEffect(() => {
    if (firstError) focusErrorField(firstError.key);
  }, [firstError]);
  const entries = Object.entries(errors).filter(([key]) => key !== '_' || errors._?.length);
  if (entries.length === 0) return null;
  return (
    <div className="form-error-summary" role="alert" aria-live="assertive">
      <p className="form-error-summary-title">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {title}
      </p>
      <ul>
        {entries.map(([key, messages]) => (
          <li key={key}>
            <a
              href={`#${key}`}
              onClick={(event) => {
                event.preventDefault();
                onJump(key);
              }}
            >
              {errorLabel(key, schema, uiSchema, t)}
            </a>
            : {messages.filter(Boolean).join(' ')}
          </li>
        ))}
      </ul>
    </div>
  );
}
