import { Button } from 'primereact/button';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { deferred } from '../../engine/deferred';
import type { AiFlags } from './ai/useAiGeneration';
import { aiComparisonPath } from './sheetRoute';

/** Opened on demand: their code loads with the first click. */
const GenerateAiDialog = deferred(() => import('./ai/GenerateAiDialog').then((m) => m.GenerateAiDialog));
const AiResultDialog = deferred(() => import('./ai/AiResultDialog').then((m) => m.AiResultDialog));

interface AiActionsProps {
  /** The sheet open in the editor; none while it is being created (nothing to generate from yet). */
  sheetId: string | undefined;
  /** The sheet's AI flags, one by one: the editor renders again on each keystroke, these actions only when one changes. */
  running: AiFlags['running'];
  hasResults: AiFlags['hasResults'];
  /** A generation was launched. */
  onStarted(): void;
}

/**
 * The AI actions of the sheet (SPEC §2): 'Generate with AI' (disabled while a generation runs, or
 * before the sheet exists), 'See AI result' and the AI comparison once a draft exists. The state
 * of the last generation (running, or why it failed) is said under the header (AiGenerationNotice).
 */
export const AiActions = memo(function AiActions({ sheetId, running, hasResults, onStarted }: AiActionsProps) {
  const flags = { running, hasResults };
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState<'generate' | 'result' | undefined>(undefined);
  const tooltip = { position: 'bottom', showOnDisabled: true } as const;
  const created = sheetId !== undefined;
  return (
    <div className="sheet-ai">
      <div className="sheet-ai-actions">
        <Button
          type="button"
          label={t('screens.reading-sheets.ai.generate')}
          icon="pi pi-sparkles"
          outlined
          size="small"
          disabled={!created || flags.running}
          loading={flags.running}
          tooltip={created ? undefined : t('screens.reading-sheets.ai.saveFirst')}
          tooltipOptions={tooltip}
          onClick={() => setOpen('generate')}
        />
        <Button
          type="button"
          label={t('screens.reading-sheets.ai.result')}
          icon="pi pi-eye"
          outlined
          size="small"
          disabled={!flags.hasResults}
          tooltip={flags.hasResults ? undefined : t('screens.reading-sheets.ai.noDraft')}
          tooltipOptions={tooltip}
          onClick={() => setOpen('result')}
        />
        <Button
          type="button"
          label={t('screens.reading-sheets.ai.comparison')}
          icon="pi pi-arrows-h"
          outlined
          size="small"
          disabled={!flags.hasResults}
          tooltip={flags.hasResults ? undefined : t('screens.reading-sheets.ai.noDraft')}
          tooltipOptions={tooltip}
          onClick={() => sheetId && navigate(aiComparisonPath(sheetId))}
        />
      </div>
      {open === 'generate' && sheetId ? <GenerateAiDialog sheetId={sheetId} onStarted={onStarted} onClose={() => setOpen(undefined)} /> : null}
      {open === 'result' && sheetId ? <AiResultDialog sheetId={sheetId} onClose={() => setOpen(undefined)} /> : null}
    </div>
  );
});
