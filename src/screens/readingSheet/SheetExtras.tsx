import { Button } from 'primereact/button';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Where the AI actions of the sheet go (generate with AI, see the AI result, the AI comparison).
 * They come with their own issues: shown disabled, with a tooltip that says so.
 */
export const AiActions = memo(function AiActions() {
  const { t } = useTranslation();
  const later = t('screens.readingSheet.ai.later');
  const tooltip = { position: 'bottom', showOnDisabled: true } as const;
  return (
    <div className="sheet-ai-actions">
      <Button type="button" label={t('screens.readingSheet.ai.generate')} icon="pi pi-sparkles" outlined size="small" disabled tooltip={later} tooltipOptions={tooltip} />
      <Button type="button" label={t('screens.readingSheet.ai.result')} icon="pi pi-eye" outlined size="small" disabled tooltip={later} tooltipOptions={tooltip} />
      <Button type="button" label={t('screens.readingSheet.ai.comparison')} icon="pi pi-arrows-h" outlined size="small" disabled tooltip={later} tooltipOptions={tooltip} />
    </div>
  );
});
