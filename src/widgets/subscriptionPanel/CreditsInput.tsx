import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_CREDITS } from '../../../common/subscribers';

/** What a credits field holds: a whole number, nothing yet, or a text that is no number of credits (with the reason). */
export type CreditsEntry = { value: number | null; problem?: undefined } | { value?: undefined; problem: 'notWhole' | 'range' };

/**
 * Reads what staff typed as credits (SPEC §5: whole numbers only): digits only, 0 to MAX_CREDITS;
 * empty is no value. '2.5', '2,5' or '1e3' are refused, never read as 25 or 1000.
 */
export function readCredits(text: string): CreditsEntry {
  const typed = text.trim();
  if (typed === '') return { value: null };
  if (!/^[-+]?\d+$/.test(typed)) return { problem: 'notWhole' };
  const value = Number(typed);
  return value < 0 || value > MAX_CREDITS ? { problem: 'range' } : { value };
}

interface Props {
  inputId: string;
  /** The credits as the dialog holds them; a change from outside (a plan picked) replaces the text. */
  value: number | null | undefined;
  /** The number typed (null when empty), or undefined while the text is no number of credits. */
  onChange(value: number | null | undefined): void;
  /** Ids of the texts that describe the field (its help, the server's messages). */
  describedBy?: string | undefined;
  /** The server refused the value (its messages shown by the dialog). */
  invalid?: boolean | undefined;
}

/**
 * A credits field: what is typed stays as typed, and a text that is not a whole number from 0 to
 * 1,000,000 is refused under the field in plain words while the dialog cannot be saved. (A number
 * input dropping the decimal point read '2.5' as 25.)
 */
export function CreditsInput({ inputId, value, onChange, describedBy, invalid }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(value === null || value === undefined ? '' : String(value));
  const entry = readCredits(text);
  // A value set from outside (a plan's credits) shows; the text typed stays while it reads as the value.
  if (value !== undefined && value !== entry.value) setText(value === null ? '' : String(value));
  const errorId = `${inputId}-typed-error`;
  return (
    <>
      <InputText
        id={inputId}
        value={text}
        inputMode="numeric"
        autoComplete="off"
        invalid={Boolean(entry.problem) || invalid}
        aria-invalid={Boolean(entry.problem) || invalid || undefined}
        aria-describedby={[entry.problem ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined}
        onChange={(event) => {
          setText(event.target.value);
          onChange(readCredits(event.target.value).value);
        }}
      />
      {entry.problem ? (
        <small id={errorId} className="p-error field-error" role="alert">
          {entry.problem === 'notWhole'
            ? t('widgets.subscription.creditsNotWhole', { text: text.trim() })
            : t('widgets.subscription.creditsRange', { max: MAX_CREDITS })}
        </small>
      ) : null}
    </>
  );
}
