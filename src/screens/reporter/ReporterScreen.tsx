import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { DEFAULT_LOCALE, type Locale } from '../../../common/locales';
import { queryKeys } from '../../engine/api/queryKeys';
import { FormView } from '../../engine/form/FormView';
import { HistoryButton } from '../../engine/history/HistoryButton';
import { RecordGate } from '../../engine/form/RecordGate';
import { useFormController } from '../../engine/form/useFormController';
import { UnsavedChangesGuard } from '../../engine/form/UnsavedChangesGuard';
import { KeptChangesNotice } from '../../engine/session/KeptChangesNotice';
import { notify } from '../../engine/notify/notifications';
import { formPath, routeRecordId } from '../../engine/resource/paths';
import { ReporterBooklist } from './ReporterBooklist';
import { reporterCalls, withErrors } from './reporterCalls';
import { useScreen } from '../../engine/resource/definitions';
import { errorsOnForm, newReporterForm, reporterFormParts, reporterSaveBody, reporterToForm } from './reporterForm';
import { ReporterLanguage } from './ReporterLanguage';
import { REPORTER_API, REPORTER_LIST_PATH, reporterParams, reporterScreen } from './reporterRoute';
import './reporter.css';

const FORM_ROUTE = reporterScreen.routes.form!.path;

/**
 * `/reporter/:id?` (reporter-save, SPEC §2 'Reporter save screen'): the header fields and the text
 * blocks are the engine's FormView on schemas/reporters.screen.json (the save body's schema, which
 * the server validates with); this screen adds what a field cannot be: the language of the texts
 * (a switch saves first, SPEC §4), the save body of changed blocks only, the route of a created
 * reporter, and the BOOKLIST.
 */
export function ReporterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = routeRecordId(useParams().id);
  const [lang, setLang] = useState<Locale>(DEFAULT_LOCALE);
  const recordParams = useMemo(() => reporterParams(lang), [lang]);
  const [defaults] = useState(() => newReporterForm());
  const screen = useScreen('reporters');
  const { schema: reporterFormSchema, uiSchema: reporterUiSchema, properties } = useMemo(() => reporterFormParts(screen), [screen]);

  const controller = useFormController({
    api: REPORTER_API,
    id,
    recordParams,
    defaults,
    schemaProperties: properties,
    uiSchema: reporterUiSchema,
    normalize: reporterToForm,
    send: async (data, recordId, { initial }) => {
      const { body, sentIndex } = reporterSaveBody(data, initial, lang, recordId);
      try {
        const answer = await reporterCalls.save(recordId, body);
        // The created reporter's page opens on this answer instead of reading it again.
        if (recordId === undefined) queryClient.setQueryData(queryKeys.record(REPORTER_API, answer.data.id, recordParams), answer.data);
        return answer;
      } catch (error) {
        throw withErrors(error, (errors) => errorsOnForm(errors, sentIndex));
      }
    },
    onSaved: (record, created) => {
      if (created) navigate(formPath(FORM_ROUTE, record.id), { replace: true });
    },
  });

  // Changes kept from a lost session are texts of one language: restored in that language, once
  // its texts have been read (they would replace the restored form otherwise).
  const [pendingRestore, setPendingRestore] = useState<{ lang: Locale; data: Record<string, unknown> } | undefined>(undefined);
  const restore = (value: unknown) => {
    const kept = value as { lang: Locale; data: Record<string, unknown> };
    if (kept.lang === lang) controller.setFormData(kept.data);
    else {
      setPendingRestore(kept);
      setLang(kept.lang);
    }
  };
  // Applied while rendering, after the controller has put that language's record in the form.
  if (pendingRestore && pendingRestore.lang === lang && !controller.loading) {
    setPendingRestore(undefined);
    controller.setFormData(pendingRestore.data);
  }

  const hasErrors = Object.keys(controller.errors).length > 0;
  // The language switch says it is blocked only to whoever asked for another language, and only
  // until the errors are corrected: a plain failed save is not a language change.
  const [languageRefused, setLanguageRefused] = useState(false);
  if (languageRefused && !hasErrors) setLanguageRefused(false);
  /** SPEC §4: a language switch saves the form first, and happens only when that save had no error. */
  const requestLanguage = (next: Locale) => {
    if (next === lang || controller.saving) return;
    if (hasErrors) {
      setLanguageRefused(true);
      notify({ severity: 'warn', summary: t('screens.reporters.language.blockedTitle'), detail: t('screens.reporters.language.blocked') });
      return;
    }
    confirmDialog({
      message: t('screens.reporters.language.confirm'),
      header: t('notices.confirmTitle'),
      icon: 'pi pi-question-circle',
      acceptLabel: t('notices.ok'),
      rejectLabel: t('notices.noThanks'),
      accept: () =>
        void (async () => {
          // Nothing changed: nothing to save (a new reporter left as it opened is not created).
          if (controller.dirty && !(await controller.save())) return;
          setLang(next);
        })(),
    });
  };

  const back = <Button type="button" label={t('form.back')} icon="pi pi-arrow-left" text onClick={() => navigate(REPORTER_LIST_PATH)} />;
  const form = screen.form!;
  const submit = id === undefined ? form.submitLabel?.create : form.submitLabel?.edit;

  return (
    <section className="page reporter-page">
      <UnsavedChangesGuard
        dirty={controller.dirty && !controller.saving}
        keep={() => (controller.dirty ? { value: { lang, data: controller.formData } } : undefined)}
      />
      <div className="page-header">
        <h1 className="page-title">{t((id === undefined ? form.title?.create : form.title?.edit) ?? screen.title)}</h1>
        <div className="page-header-actions">
          <ReporterLanguage value={lang} onChange={requestLanguage} disabled={controller.saving || controller.loading} blocked={languageRefused} />
          {id !== undefined ? (
            <HistoryButton
              api={REPORTER_API}
              recordId={id}
              screen={screen.resource}
              canRestore={screen.permissions.edit}
              dirty={controller.dirty}
              onRestored={controller.showStored}
            />
          ) : null}
        </div>
      </div>
      <RecordGate controller={controller} back={back}>
        <KeptChangesNotice onRestore={restore} />
        <FormView
          controller={controller}
          schema={reporterFormSchema}
          uiSchema={reporterUiSchema}
          submitLabel={t(submit ?? 'form.save')}
          recordId={id}
          actions={back}
          serverValidation
        />
        {id !== undefined ? <ReporterBooklist reporterId={id} lang={lang} /> : null}
      </RecordGate>
    </section>
  );
}
