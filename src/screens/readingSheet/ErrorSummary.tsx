import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../common/validation';
import { errorLabel } from './sheetForm';

interface ErrorSummaryProps {
  errors: FieldErrors;
  /** The errors are the browser's checks (not sent yet) rather than the server's answer. */
  client?: boolean;
  onJump(key: string): void;
}

/** Every error of the last save, each a link that shows its field (tab, sub-tab, language) and focuses it. */
export function ErrorSummary({ errors, client, onJump }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const entries = Object.entries(errors).filter(([key]) => key !== '_' || errors._?.length);
  if (entries.length === 0) return null;
  return (
    <div className="sheet-error-summary" role="alert" aria-live="assertive">
      <p className="sheet-error-summary-title">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {t(client ? 'screens.readingSheet.errors.clientTitle' : 'screens.readingSheet.errors.title')}
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
              {errorLabel(key, t)}
            </a>
            : {messages.filter(Boolean).join(' ')}
          </li>
        ))}
      </ul>
    </div>
  );
}
