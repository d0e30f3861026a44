import type { WidgetProps } from '@rjsf/utils';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { FileUpload, type FileUploadSelectEvent } from 'primereact/fileupload';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkFile, fileExtension, FILE_RULES } from '../../../common/fileRules';
import { resourceApi } from '../../engine/api/resourceApi';
import type { EngineFormContext } from '../../engine/form/templates';
import { notify } from '../../engine/notify/notifications';
import { notifyDeletionFailed } from '../../engine/notify/notifyDeletionFailed';
import type { FileUploadOptions } from '../../../common/widgetOptions/fileUpload';

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);

/** The extension of a stored file's URL (`/api/admin/files/news/2025/03/a.png?name=x` → `png`). */
export function urlExtension(url: string): string {
  return fileExtension(url.split(/[?#]/)[0] ?? '');
}

/** The client's name of a stored file when its URL carries one (`?name=`); stored names are generated, so none otherwise. */
export function storedFileName(url: string): string | undefined {
  const query = url.split('?')[1];
  return new URLSearchParams(query ?? '').get('name') || undefined;
}

/** The delete endpoint of a stored file: `{id}` replaced by the record id. */
export const deletePath = (template: string, recordId: string | number) => template.replace('{id}', encodeURIComponent(String(recordId)));

/**
 * One file of a record (card style, not automatic): the chosen file is checked in the browser with
 * the shared rule (a refused file is dropped, with the rule's message) and sent with the form's
 * save (multipart). A stored file (the value is its URL) shows as a preview that opens it in a new
 * tab, in place of the upload control; deleting it asks for confirmation and calls
 * `ui:options.deleteApi`, after which the upload control shows again.
 */
export function FileUploadWidget({ id, name, value, options, disabled, readonly, registry, label }: WidgetProps) {
  const { t } = useTranslation();
  const context = registry.formContext as EngineFormContext;
  const { rule: ruleName, deleteApi } = options as unknown as FileUploadOptions;
  const rule = FILE_RULES[ruleName];
  if (!rule) throw new Error(`fileUpload widget of "${name}": unknown rule "${String(ruleName)}"`);
  const upload = useRef<FileUpload>(null);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const [deleting, setDeleting] = useState(false);
  const stored = typeof value === 'string' && value !== '' ? value : undefined;
  const inactive = disabled || readonly;

  const onSelect = (event: FileUploadSelectEvent) => {
    const file = event.files[0];
    if (!file) return;
    const message = checkFile(rule, file);
    if (message) {
      // Refused: dropped from the list, the previous choice too.
      upload.current?.clear();
      context.setFile(name, undefined);
      setRefusal(message);
      return;
    }
    setRefusal(undefined);
    context.setFile(name, file);
  };

  const removeStored = async () => {
    if (!deleteApi || context.recordId === undefined) return;
    setDeleting(true);
    try {
      await resourceApi.removeAt(deletePath(deleteApi, context.recordId));
      context.applyStored({ [name]: null });
      notify({ severity: 'success', summary: t('notices.success'), detail: t('notices.deletionSucceed') });
    } catch (error) {
      notifyDeletionFailed(error);
    } finally {
      setDeleting(false);
    }
  };

  const askDelete = () =>
    confirmDialog({
      message: t('form.file.confirmDelete'),
      header: t('notices.confirmTitle'),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('form.file.yes'),
      rejectLabel: t('form.file.no'),
      defaultFocus: 'reject',
      accept: () => void removeStored(),
    });

  if (stored && !context.files[name]) {
    const image = IMAGE_EXTENSIONS.has(urlExtension(stored));
    return (
      <div id={id} className="file-card stored-file" aria-label={label}>
        <a className="file-preview" href={stored} target="_blank" rel="noopener noreferrer" title={t('form.file.open')}>
          {image ? <img src={stored} alt={t('form.file.preview')} /> : <i className="pi pi-file-pdf file-icon" aria-hidden="true" />}
          <span className="file-name">{storedFileName(stored) ?? t('form.file.open')}</span>
        </a>
        {deleteApi && !inactive ? (
          <Button
            type="button"
            icon="pi pi-trash"
            severity="danger"
            outlined
            rounded
            aria-label={t('form.file.delete')}
            loading={deleting}
            onClick={askDelete}
          />
        ) : null}
      </div>
    );
  }

  return (
    <div id={id} className="file-upload-widget" aria-label={label}>
      <FileUpload
        ref={upload}
        name={name}
        mode="advanced"
        customUpload
        auto={false}
        multiple={false}
        accept={rule.accept}
        disabled={inactive}
        chooseLabel={t('form.file.choose')}
        cancelLabel={t('form.file.cancel')}
        uploadOptions={{ className: 'file-upload-hidden' }}
        onSelect={onSelect}
        onRemove={() => context.setFile(name, undefined)}
        onClear={() => context.setFile(name, undefined)}
        emptyTemplate={<p className="file-upload-empty">{t('form.file.dropHere')}</p>}
      />
      {refusal ? (
        <small className="p-error field-error file-refusal" role="alert">
          {refusal}
        </small>
      ) : null}
    </div>
  );
}
