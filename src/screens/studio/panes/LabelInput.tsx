import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import type { Messages } from '../../../../common/i18nResources';
import { getAt, ownKey, relabel } from '../draftEdits';

export interface LabelInputProps {
  id: string;
  /** The screen's own texts' namespace (`screens.genres`). */
  namespace: string;
  labels: Messages;
  /** The element's current i18n key (a column's header, a field's title). */
  labelKey: string | undefined;
  /** The key inside the namespace it gets when its key is shared with other screens (`columns.website`). */
  suggested: string;
  onChange(key: string, labels: Messages): void;
  invalid?: boolean;
  'aria-describedby'?: string;
}

/** The text of a label key in a draft: its own text, else the interface's (shared keys, the files' texts). */
export function labelText(t: (key: string) => string, namespace: string, labels: Messages, key: string | undefined): string {
  if (!key) return '';
  const own = ownKey(namespace, key);
  const text = own ? getAt(labels, own.split('.')) : undefined;
  return typeof text === 'string' ? text : t(key);
}

/**
 * A label edited as words, never as a key: the text goes into the screen's labels, under the
 * element's key when it is the screen's own, else under a new key of the screen (the other screens
 * keep the shared text).
 */
export function LabelInput({ id, namespace, labels, labelKey, suggested, onChange, invalid, ...rest }: LabelInputProps) {
  const { t } = useTranslation();
  return (
    <InputText
      id={id}
      value={labelText(t, namespace, labels, labelKey)}
      invalid={invalid}
      aria-describedby={rest['aria-describedby']}
      onChange={(event) => {
        const next = relabel(namespace, labels, labelKey, suggested, event.target.value);
        onChange(next.key, next.labels);
      }}
    />
  );
}
