import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { DEFAULT_LOCALE, type Locale } from '../../../common/locales';
import type { FieldErrors } from '../../../common/validation';
import { isApiError } from '../../engine/api/ApiError';
import { queryKeys } from '../../engine/api/queryKeys';
import type { ApiRecord } from '../../engine/api/resourceApi';
import { ErrorSummary } from '../../engine/form/ErrorSummary';
import { FormView } from '../../engine/form/FormView';
import { RecordGate } from '../../engine/form/RecordGate';
import { useFormController, type FormController } from '../../engine/form/useFormController';
import { UnsavedChangesGuard } from '../../engine/form/UnsavedChangesGuard';
import { KeptChangesNotice } from '../../engine/session/KeptChangesNotice';
import { routeRecordId } from '../../engine/resource/paths';
import { deferred } from '../../engine/deferred';
import { HistoryButton } from '../../engine/history/HistoryButton';
import { LanguageSwitcher } from './LanguageSwitcher';
import { AiActions } from './SheetExtras';
import { AiGenerationNotice } from './ai/AiGenerationNotice';
import { useAiGeneration } from './ai/useAiGeneration';
import { sendSheet } from './sendSheet';
import { StaleNotice } from './StaleNotice';
import { applySheetRules, normalizeSheet, sameSheet, useSheetForm } from './sheetForm';
import { LIST_PATH, SHEET_API, SHEET_SCREEN } from './sheetRoute';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useScreen } from '../../engine/resource/definitions';
import { useScreenAccess, usePermissions } from '../../engine/access/usePermissions';
import { holdsSystem } from '../../engine/access/screenAccess';
import { heldForm } from '../../engine/access/heldForm';
import './readingSheet.css';

/** Opened by a "+" of a select only. */
const CreateRecordDialog = deferred(() => import('./CreateRecordDialog').then((m) => m.CreateRecordDialog));
/** Below the form: its table code loads once the sheet shows. */
const SheetRequests = deferred(() => import('./SheetRequests').then((m) => m.SheetRequests));

/**
 * `/reading-sheet/:id?` (readingSheets-save): creates or edits a reading sheet. The form is the
 * engine's FormView on the screen `readingSheet` in use (useSheetForm: the save's schema and its UI schema);
 * this screen adds what a widget cannot be: the form-wide language, the two save buttons, the
 * sheet's own save (its payload, file order and error keys: sendSheet), the error summary, the
 * stale-version notice, the in-place create dialogs, and the places of the AI actions and the
 * requests table. New files and their upload progress are the engine's (`fileLists`).
 */
export function ReadingSheetScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = routeRecordId(useParams().id);
  const [formLocale, setFormLocale] = useState<Locale>(DEFAULT_LOCALE);
  const [stale, setStale] = useState<string | undefined>(undefined);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [creating, setCreating] = useState<{ resource: string; resolve(record?: ApiRecord): void } | undefined>(undefined);
  const withNotification = useRef(false);
  const form = useSheetForm();
  // What the sheets' screen permits and the reader's roles allow together (docs/permissions.md).
  const access = useScreenAccess(useScreen(SHEET_SCREEN));
  const mayGenerate = holdsSystem(usePermissions(), 'ai');
  const readOnly = id === undefined ? !access.create : !access.update;
  const held = useMemo(() => heldForm(form.schema as RJSFSchema, form.uiSchema as UiSchema, access), [form.schema, form.uiSchema, access]);

  const controller = useFormController({
    api: SHEET_API,
    id,
    schemaProperties: form.properties,
    uiSchema: form.uiSchema,
    normalize: normalizeSheet,
    send: async (data, recordId, { files, onProgress }) => {
      setStale(undefined);
      try {
        return await sendSheet({ id: recordId, data, files, onProgress });
      } catch (error) {
        if (isApiError(error) && error.status === 409) setStale(error.message);
        throw error;
      }
    },
    onSaved: (_record, created) => {
      if (created) navigate(LIST_PATH);
    },
  });

  // The form edits with the sheet's rules; the two save buttons differ by withNotification only.
  const view: FormController = {
    ...controller,
    setFormData: (next) => controller.setFormData(applySheetRules(controller.formData, normalizeSheet(next as ApiRecord))),
    save: (data) => {
      const notify = withNotification.current;
      withNotification.current = false;
      setClientErrors({});
      return controller.save({ ...(data ?? controller.formData), withNotification: notify ? 1 : 0 });
    },
    reportClientErrors: (errors) => {
      withNotification.current = false;
      setClientErrors(errors);
      controller.reportClientErrors(errors);
    },
  };

  // A failed save shows the language of its first error (its tab and sub-tab are the engine's).
  const [seenError, setSeenError] = useState(controller.firstError);
  if (controller.firstError !== seenError) {
    setSeenError(controller.firstError);
    if (controller.firstError?.locale) setFormLocale(controller.firstError.locale);
  }

  const ai = useAiGeneration(id, controller.formData, controller.applyStored);

  // A new sheet is unchanged while it holds its defaults only (which the form fills in itself).
  const defaults = form.defaults();
  const changed = controller.dirty && (id !== undefined || !sameSheet({ ...defaults, ...controller.formData }, defaults));
  const hasNewFiles = Object.values(controller.fileLists).some((files) => files.length > 0);

  const reload = async () => {
    setStale(undefined);
    await queryClient.invalidateQueries({ queryKey: queryKeys.record(SHEET_API, id!) });
  };

  // Kept while none of its parts change, so the form renders again only the fields that changed.
  const createRecord = useCallback((resource: string) => new Promise<ApiRecord | undefined>((resolve) => setCreating({ resource, resolve })), []);
  const formContext = useMemo(() => ({ formLocale, setFormLocale, createRecord }), [formLocale, createRecord]);

  const back = <Button type="button" label={t('screens.reading-sheets.back')} icon="pi pi-arrow-left" text onClick={() => navigate(LIST_PATH)} />;
  const serverErrors = controller.errors;
  const shownErrors = Object.keys(serverErrors).length ? serverErrors : clientErrors;

  return (
    <section className="page reading-sheet-page">
      <UnsavedChangesGuard
        dirty={(changed || hasNewFiles) && !controller.saving}
        keep={() => (changed || hasNewFiles ? { value: controller.formData, newFiles: hasNewFiles } : undefined)}
      />
      <div className="page-header">
        <h1 className="page-title">{t(id === undefined ? 'screens.reading-sheets.titleCreate' : 'screens.reading-sheets.titleEdit')}</h1>
        <div className="page-header-actions">
          {id !== undefined && access.history ? (
            <HistoryButton
              api={SHEET_API}
              recordId={id}
              screen={SHEET_SCREEN}
              size="small"
              canRestore={access.restore && !readOnly}
              dirty={changed || hasNewFiles}
              onRestored={() => {
                setStale(undefined);
                controller.showStored();
              }}
            />
          ) : null}
          {/* Last, where they stood before 'History' came: the toast that announces a draft names 'See AI result' and must not cover it. */}
          {mayGenerate && !readOnly ? <AiActions sheetId={id} running={ai.flags.running} hasResults={ai.flags.hasResults} onStarted={ai.started} /> : null}
        </div>
      </div>
      <AiGenerationNotice running={ai.flags.running} error={ai.flags.error} />
      <RecordGate controller={controller} back={back}>
        <KeptChangesNotice onRestore={(value) => controller.setFormData(value as Record<string, unknown>)} />
        <div className="sheet-toolbar">
          <LanguageSwitcher value={formLocale} onChange={setFormLocale} data={controller.formData} fields={form.translatableFields} errors={shownErrors} />
        </div>
        {stale ? (
          <StaleNotice
            title={t('screens.reading-sheets.stale.title')}
            message={stale}
            reloadLabel={t('screens.reading-sheets.stale.reload')}
            onReload={() => void reload()}
          />
        ) : null}
        <ErrorSummary
          errors={shownErrors}
          title={t(shownErrors === clientErrors ? 'screens.reading-sheets.errors.clientTitle' : 'screens.reading-sheets.errors.title')}
          schema={form.schema}
          uiSchema={form.uiSchema}
          onJump={(key) => controller.reportClientErrors({ [key]: [] })}
        />
        <FormView
          controller={view}
          schema={held.schema}
          uiSchema={held.uiSchema}
          submitLabel={t('screens.reading-sheets.save')}
          recordId={id}
          formContext={formContext}
          readOnly={readOnly}
          actions={
            <>
              {back}
              {readOnly ? null : (
                <Button
                  type="submit"
                  label={t('screens.reading-sheets.saveWithNotification')}
                  icon="pi pi-send"
                  severity="secondary"
                  loading={controller.saving}
                  tooltip={t('screens.reading-sheets.saveWithNotificationHelp')}
                  tooltipOptions={{ position: 'top' }}
                  onClick={() => {
                    withNotification.current = true;
                  }}
                />
              )}
            </>
          }
        />
        {id !== undefined ? <SheetRequests bookId={id} /> : null}
      </RecordGate>
      {creating ? (
        <CreateRecordDialog
          resource={creating.resource}
          onDone={(record) => {
            creating.resolve(record);
            setCreating(undefined);
          }}
        />
      ) : null}
    </section>
  );
}
