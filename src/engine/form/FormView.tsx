import Form from '@rjsf/primereact';
import type { RJSFSchema, RJSFValidationError, UiSchema, ValidatorType } from '@rjsf/utils';
import { Button } from 'primereact/button';
import { useCallback, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegistries } from '../registries';
import { assertRegistered } from './assertRegistered';
import type { FormController } from './useFormController';
import { fieldOrder, formTabs, subTabOf } from './errorRouting';
import { createFormDataStore } from './formDataStore';
import { useFocusFirstError } from './focusErrorField';
import { notifyRefusal } from './notifyRefusal';
import { FieldErrorTemplate } from './FieldErrorTemplate';
import {
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  ArrayFieldTitleTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
  TitleFieldTemplate,
  type EngineFormContext,
} from './templates';
import { translateSchema, translateUiSchema } from './translateSchema';
import { formValidatorFor } from './validator';

export interface FormViewProps {
  controller: FormController;
  schema: RJSFSchema;
  uiSchema?: UiSchema | undefined;
  submitLabel: string;
  readOnly?: boolean;
  recordId?: string | number | undefined;
  /** Extra buttons beside the submit button. */
  actions?: React.ReactNode;
  /** Screen-specific values added to the RJSF formContext (the engine's own keys win). */
  formContext?: Record<string, unknown>;
  /** Prefix of the field ids (`root` by default): another form on the same page (a dialog) needs its own. */
  idPrefix?: string;
  /**
   * Leave validation to the save: the server judges the body with the same schema and the same
   * messages (422 per field), and those errors clear as their field is edited, where the
   * browser's own would stay until the next submit (the reporter screen, SPEC §5).
   */
  serverValidation?: boolean;
  /**
   * The validator of a form whose schema has none compiled for the browser (the studio's preview
   * of a draft, validated by the server only); by default the one of the forms in use.
   */
  validator?: ValidatorType;
}

const TEMPLATES = {
  FieldTemplate,
  FieldErrorTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ArrayFieldTitleTemplate,
  TitleFieldTemplate,
};

/** Renders a form controller with RJSF (PrimeReact theme + our widgets), server errors under each field. */
export function FormView({
  controller,
  schema,
  uiSchema,
  submitLabel,
  readOnly,
  recordId,
  actions,
  formContext: extraContext,
  idPrefix,
  serverValidation,
  validator: given,
}: FormViewProps) {
  const { t } = useTranslation();
  const registries = useRegistries();
  const { widgets, fields } = registries;
  useMemo(() => assertRegistered(uiSchema, registries), [uiSchema, registries]);
  const translatedSchema = useMemo(() => translateSchema(schema, t), [schema, t]);
  const validator = useMemo(() => given ?? formValidatorFor(translatedSchema), [given, translatedSchema]);
  const translatedUi = useMemo(() => ({ ...translateUiSchema(uiSchema, t), 'ui:submitButtonOptions': { norender: true } }), [uiSchema, t]);
  const [activeTab, setActiveTab] = useState(0);
  const [activeSubTabs, setActiveSubTabs] = useState<Record<string, number>>({});
  const tabs = useMemo(() => formTabs(uiSchema), [uiSchema]);
  const erroneousFields = useMemo(() => [...new Set(Object.keys(controller.errors).map((k) => k.split('.')[0]!))], [controller.errors]);
  // A failed save moves the form to the tab (and sub-tab) of its first error.
  const [seenError, setSeenError] = useState(controller.firstError);
  if (controller.firstError !== seenError) {
    setSeenError(controller.firstError);
    const { tab, key } = controller.firstError ?? {};
    if (tab !== undefined) {
      setActiveTab(tab);
      const sub = subTabOf(tabs[tab], key!.split('.')[0]!);
      if (sub !== undefined) setActiveSubTabs((current) => ({ ...current, [tabs[tab]!.label]: sub }));
    }
  }

  useFocusFirstError(controller.firstError);

  // The formContext keeps its identity while only the data changes, so RJSF renders again only the
  // fields whose own props changed; the data is read through the store (`formData` is a getter).
  const [store] = useState(() => createFormDataStore(controller.formData));
  store.set(controller.formData);
  useLayoutEffect(() => store.notify(), [store, controller.formData]);
  const setActiveSubTab = useCallback((label: string, index: number) => setActiveSubTabs((current) => ({ ...current, [label]: index })), []);
  const { files, setFile, applyStored, fileLists: listFiles, setFileList, progress } = controller;
  const fileLists = useMemo(() => ({ files: listFiles, setFiles: setFileList, progress }), [listFiles, setFileList, progress]);
  const formContext = useMemo<EngineFormContext>(
    () => ({
      ...extraContext,
      api: controller.api,
      recordId,
      activeTab,
      setActiveTab,
      erroneousFields,
      get formData() {
        return store.get();
      },
      formDataStore: store,
      files,
      setFile,
      fileLists,
      applyStored,
      activeSubTabs,
      setActiveSubTab,
    }),
    [extraContext, controller.api, recordId, activeTab, erroneousFields, store, files, setFile, fileLists, applyStored, activeSubTabs, setActiveSubTab],
  );
  const onError = (errors: RJSFValidationError[]) => {
    const byKey: Record<string, string[]> = {};
    for (const error of errors) {
      const key = (error.property ?? '').replace(/^\./, '') || '_';
      (byKey[key] ??= []).push(error.message ?? '');
    }
    controller.reportClientErrors(byKey);
    notifyRefusal(byKey, fieldOrder(Object.keys(schema.properties ?? {}), uiSchema), tabs);
  };

  return (
    <Form
      className="resource-form"
      {...(idPrefix ? { idPrefix } : {})}
      schema={translatedSchema}
      uiSchema={translatedUi}
      formData={controller.formData}
      validator={validator}
      widgets={widgets}
      fields={fields}
      templates={TEMPLATES}
      formContext={formContext}
      extraErrors={controller.errorSchema}
      showErrorList={false}
      noHtml5Validate
      noValidate={serverValidation}
      disabled={controller.saving || readOnly}
      onChange={(event) => controller.setFormData(event.formData as Record<string, unknown>)}
      onSubmit={(event) => void controller.save(event.formData as Record<string, unknown>)}
      onError={onError}
    >
      <div className="form-actions">
        {actions}
        {!readOnly && <Button type="submit" label={submitLabel} icon="pi pi-check" loading={controller.saving} />}
      </div>
    </Form>
  );
}
