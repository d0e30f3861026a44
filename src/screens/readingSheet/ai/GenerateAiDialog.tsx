import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../../common/validation';
import { isApiError } from '../../../engine/api/ApiError';
import { queryKeys } from '../../../engine/api/queryKeys';
import { FieldError } from '../../../engine/form/FieldError';
import { aiCalls, type GenerationRequest } from './aiCalls';

interface Props {
  sheetId: string;
  /** The launch was accepted (the sheet now runs). */
  onStarted(): void;
  onClose(): void;
}

/**
 * 'Generate with AI' (SPEC §2, §5): the source (the report or the manuscript), the model and the
 * language (en, fr). A model this server cannot call is listed disabled, marked as not set up,
 * with whom to ask; when none can be called the dialog says that AI generation is not set up here
 * (how to set it up is for the server's log and the README, never for staff). The server's
 * refusals show under their fields; the dialog closes only when the launch is accepted.
 */
export function GenerateAiDialog({ sheetId, onStarted, onClose }: Props) {
  const { t } = useTranslation();
  const models = useQuery({ queryKey: queryKeys.lookup('ai-models'), queryFn: ({ signal }) => aiCalls.models(signal), staleTime: 60_000 });
  const available = (models.data ?? []).filter((model) => model.available);
  const [draft, setDraft] = useState<Omit<GenerationRequest, 'book_id' | 'ai_model'> & { ai_model: string | null }>({
    generate_from: 'report',
    ai_model: null,
    language: 'en',
  });
  const model = draft.ai_model ?? available[0]?.id ?? null;
  const [errors, setErrors] = useState<FieldErrors>({});
  const launch = useMutation({ mutationFn: (body: GenerationRequest) => aiCalls.generate(body) });
  const submit = async () => {
    setErrors({});
    try {
      await launch.mutateAsync({ ...draft, ai_model: model ?? '', book_id: Number(sheetId) });
      onStarted();
      onClose();
    } catch (error) {
      if (isApiError(error)) setErrors(error.errors);
    }
  };
  const sources = [
    { value: 'report', label: t('screens.reading-sheets.ai.sources.report') },
    { value: 'manuscript', label: t('screens.reading-sheets.ai.sources.manuscript') },
  ];
  const languages = [
    { value: 'en', label: t('locales.en') },
    { value: 'fr', label: t('locales.fr') },
  ];
  const unavailable = (models.data ?? []).filter((option) => !option.available);
  /** Loaded, and no model can be called: AI generation is not set up on this server. */
  const notSetUp = Boolean(models.data) && available.length === 0;

  return (
    <Dialog
      header={t('screens.reading-sheets.ai.generate')}
      visible
      modal
      onHide={onClose}
      className="ai-generate-dialog"
      style={{ width: 'min(36rem, 95vw)' }}
      footer={
        <>
          <Button type="button" label={t('screens.reading-sheets.ai.cancel')} text onClick={onClose} />
          <Button
            type="button"
            label={t('screens.reading-sheets.ai.launch')}
            icon="pi pi-sparkles"
            loading={launch.isPending}
            disabled={!model}
            onClick={() => void submit()}
          />
        </>
      }
    >
      <div className="dialog-fields">
        {notSetUp ? (
          <Message
            severity="warn"
            className="ai-not-set-up"
            content={
              <div className="ai-not-set-up-body" role="status">
                <strong>{t('screens.reading-sheets.ai.notSetUp.title')}</strong>
                <span>{t('screens.reading-sheets.ai.notSetUp.text')}</span>
              </div>
            }
          />
        ) : null}
        <ChoiceField
          id="ai-source"
          label={t('screens.reading-sheets.ai.source')}
          value={draft.generate_from}
          options={sources}
          errors={errors.generate_from}
          onChange={(value) => setDraft({ ...draft, generate_from: value as GenerationRequest['generate_from'] })}
        />
        <div className="dialog-field">
          <label htmlFor="ai-model" className="field-label">
            {t('screens.reading-sheets.ai.model')}
          </label>
          <Dropdown
            inputId="ai-model"
            value={model}
            options={(models.data ?? []).map((option) => ({
              value: option.id,
              label: option.available ? option.label : t('screens.reading-sheets.ai.modelNotSetUp', { model: option.label }),
              disabled: !option.available,
            }))}
            optionDisabled="disabled"
            placeholder={models.isLoading ? t('app.loading') : t('screens.reading-sheets.ai.noModel')}
            onChange={(e) => setDraft({ ...draft, ai_model: e.value as string })}
            className="w-full"
          />
          <FieldError messages={errors.ai_model} />
          {unavailable.length && !notSetUp ? (
            <ul className="ai-model-help">
              {unavailable.map((option) => (
                <li key={option.id}>
                  <strong>{option.label}</strong>: {option.help}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <ChoiceField
          id="ai-language"
          label={t('screens.reading-sheets.ai.language')}
          value={draft.language}
          options={languages}
          errors={errors.language}
          onChange={(value) => setDraft({ ...draft, language: value as GenerationRequest['language'] })}
        />
        <FieldError messages={errors.book_id} />
      </div>
    </Dialog>
  );
}

/** One of a few values side by side, under its label, with the server's refusal under it. */
function ChoiceField({
  id,
  label,
  value,
  options,
  errors,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  errors: string[] | undefined;
  onChange(value: string): void;
}) {
  return (
    <div className="dialog-field">
      <span id={`${id}-label`} className="field-label">
        {label}
      </span>
      <SelectButton aria-labelledby={`${id}-label`} value={value} options={options} allowEmpty={false} onChange={(e) => e.value && onChange(String(e.value))} />
      <FieldError messages={errors} />
    </div>
  );
}
