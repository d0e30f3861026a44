import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../common/validation';
import { errorLabel } from './errorLabel';

export interface ErrorSummaryProps {
  /** The errors shown, by dotted key (`_` for the form as a whole). */
  errors: FieldErrors;
  /** The summary's heading, translated (a failed save and the browser's checks say it differently). */
  title: string;
  /** The form's schema and UI schema, which name each field. */
  schema: RJSFSchema;
  uiSchema: UiSchema | undefined;
  /**
   * A link clicked: the screen shows that field (usually `controller.reportClientErrors({ [key]: [] })`,
   * which makes it the first error, so the form opens its tab and this summary focuses it).
   */
  onJump(key: string): void;
}

/**
 * Every error of the last save above the form, each a link to its field (the form itself brings
 * the first error into view: `useFocusFirstError`).
 */
export function ErrorSummary({ errors, title, schema, uiSchema, onJump }: ErrorSummaryProps) {
  const { t } = useTranslation();
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
