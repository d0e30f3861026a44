import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { ScreenDefinition } from '../../../common/screenDefinition';
import { FormView } from '../form/FormView';
import { RecordGate } from '../form/RecordGate';
import { useFormController } from '../form/useFormController';
import { HistoryButton } from '../history/HistoryButton';
import { UnsavedChangesGuard } from '../form/UnsavedChangesGuard';
import { KeptChangesNotice } from '../session/KeptChangesNotice';
import { formPath, routeRecordId } from './paths';
import { useMemo } from 'react';
import { useScreenAccess } from '../access/usePermissions';
import { heldForm } from '../access/heldForm';

/** The create/edit page of a screen definition (a view page when the screen cannot be edited). */
export function ResourceFormScreen({ screen }: { screen: ScreenDefinition }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = routeRecordId(useParams().id);
  const form = screen.form!;
  // What the screen permits and the reader's roles allow together (docs/permissions.md): their hidden fields out, their read-only ones disabled.
  const access = useScreenAccess(screen);
  const { schema, uiSchema } = useMemo(() => heldForm(form.schema as RJSFSchema, form.uiSchema as UiSchema | undefined, access), [form, access]);
  const listPath = screen.routes.list.path;
  const controller = useFormController({
    api: screen.api,
    id,
    schema,
    schemaProperties: Object.keys(schema.properties ?? {}),
    uiSchema,
    method: form.method,
    multipart: form.multipart,
    onSaved: (record, created) => {
      if (!created) {
        if (form.afterUpdate === 'list') navigate(listPath);
        return;
      }
      if (form.afterCreate === 'edit' && screen.routes.form) navigate(formPath(screen.routes.form.path, record.id), { replace: true });
      else navigate(listPath);
    },
  });
  const readOnly = id === undefined ? !access.create : !access.update;

  const title = readOnly ? (form.title?.view ?? screen.title) : controller.mode === 'create' ? form.title?.create : form.title?.edit;
  const submit = controller.mode === 'create' ? (form.submitLabel?.create ?? 'form.create') : (form.submitLabel?.edit ?? 'form.save');
  const back = <Button type="button" label={t('form.back')} icon="pi pi-arrow-left" text onClick={() => navigate(listPath)} />;

  return (
    <section className="page">
      <UnsavedChangesGuard
        dirty={controller.dirty && !controller.saving && !readOnly}
        keep={() =>
          controller.dirty && !readOnly
            ? {
                value: controller.formData,
                newFiles: Object.values(controller.files).some(Boolean) || Object.values(controller.fileLists).some((list) => list.length > 0),
              }
            : undefined
        }
      />
      <div className="page-header">
        <h1 className="page-title">{t(title ?? screen.title)}</h1>
        {id !== undefined && access.history ? (
          <HistoryButton
            api={screen.api}
            recordId={id}
            screen={screen.resource}
            canRestore={!readOnly && access.restore}
            dirty={controller.dirty}
            onRestored={controller.showStored}
          />
        ) : null}
      </div>
      <RecordGate controller={controller} back={back}>
        {readOnly ? null : <KeptChangesNotice onRestore={(value) => controller.setFormData(value as Record<string, unknown>)} />}
        <FormView controller={controller} schema={schema} uiSchema={uiSchema} submitLabel={t(submit)} readOnly={readOnly} recordId={id} actions={back} />
      </RecordGate>
    </section>
  );
}
