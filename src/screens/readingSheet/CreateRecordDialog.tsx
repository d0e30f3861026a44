import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import type { ScreenDefinition } from '../../../common/screenDefinition';
import type { ApiRecord } from '../../engine/api/resourceApi';
import { FormView } from '../../engine/form/FormView';
import { useFormController } from '../../engine/form/useFormController';
import { useFormValidatorsReady } from '../../engine/form/validator';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useScreen } from '../../engine/resource/definitions';

/** The create form of a screen definition (contacts, authors, companies), rendered by the engine. */
function CreateForm({ screen, onDone }: { screen: ScreenDefinition; onDone(record?: ApiRecord): void }) {
  const { t } = useTranslation();
  const ready = useFormValidatorsReady();
  const form = screen.form!;
  const schema = form.schema as RJSFSchema;
  const uiSchema = form.uiSchema as UiSchema | undefined;
  const controller = useFormController({
    api: screen.api,
    id: undefined,
    schema,
    schemaProperties: Object.keys(schema.properties ?? {}),
    uiSchema,
    method: form.method,
    multipart: form.multipart,
    onSaved: (record) => onDone(record),
  });
  if (!ready) return <ProgressSpinner aria-label={t('app.loading')} style={{ width: '2rem', height: '2rem' }} />;
  return (
    <FormView
      controller={controller}
      schema={schema}
      uiSchema={uiSchema}
      submitLabel={t('screens.reading-sheets.create.submit')}
      idPrefix={`new_${screen.resource}`}
      actions={<Button type="button" label={t('screens.reading-sheets.create.cancel')} text onClick={() => onDone(undefined)} />}
    />
  );
}

/**
 * A dialog that creates a contact, an author or a company from the reading sheet, with that
 * resource's own form (schemas/<resource>.screen.json); closes with the new record.
 */
export function CreateRecordDialog({ resource, onDone }: { resource: string; onDone(record?: ApiRecord): void }) {
  const { t } = useTranslation();
  const screen = useScreen(resource);
  return (
    <Dialog
      visible
      modal
      header={t(`screens.reading-sheets.create.${resource}`)}
      onHide={() => onDone(undefined)}
      className="create-record-dialog"
      style={{ width: 'min(760px, 95vw)' }}
    >
      <CreateForm screen={screen} onDone={onDone} />
    </Dialog>
  );
}
