import { Button } from 'primereact/button';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiFlags } from './useAiGeneration';

interface AiGenerationNoticeProps {
  running: AiFlags['running'];
  error: AiFlags['error'];
}

/**
 * The state of the sheet's last AI generation, under the editor's header (which keeps its buttons
 * on one row whatever this says): running, or why it failed, in the server's sentence for staff.
 * A failure can be dismissed; the next generation's end is said again.
 */
export const AiGenerationNotice = memo(function AiGenerationNotice({ running, error }: AiGenerationNoticeProps) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState<string | null>(null);
  // A generation started since: its own failure is said even when its words are the same.
  if (running && dismissed !== null) setDismissed(null);
  if (running) {
    return (
      <p className="sheet-ai-state sheet-ai-notice" role="status">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('screens.reading-sheets.ai.running')}
      </p>
    );
  }
  if (!error || error === dismissed) return null;
  return (
    <div className="sheet-ai-state sheet-ai-notice error" role="status">
      <i className="pi pi-exclamation-circle" aria-hidden="true" />
      <span className="sheet-ai-notice-text">{t('screens.reading-sheets.ai.failed', { error })}</span>
      <Button
        type="button"
        icon="pi pi-times"
        text
        rounded
        size="small"
        severity="danger"
        aria-label={t('screens.reading-sheets.ai.dismiss')}
        tooltip={t('screens.reading-sheets.ai.dismiss')}
        tooltipOptions={{ position: 'left' }}
        onClick={() => setDismissed(error)}
      />
    </div>
  );
});
