import { getUiOptions, type FieldProps } from '@rjsf/utils';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { ProgressBar } from 'primereact/progressbar';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkFile, FILE_RULES, type FileRuleName } from '../../../common/fileRules';
import { resourceApi } from '../../engine/api/resourceApi';
import { formatBytes } from '../../../common/formatBytes';
import type { EngineFormContext } from '../../engine/form/templates';
import { notify } from '../../engine/notify/notifications';
import { notifyDeletionFailed } from '../../engine/notify/notifyDeletionFailed';
import './fileList.css';
import type { FileListOptions } from '../../../common/widgetOptions/fileList';

/** A stored file as the API lists it. */
export interface StoredFile {
  id?: number;
  name?: string | null;
  /** Where the stored file is served (the API's `full_path`). */
  full_path: string;
  size?: number | null;
}

/**
 * Picked files checked against a rule: the accepted ones, as many as the field still takes (a
 * single-file field keeps the last one: it replaces), and the refusal messages of the others.
 */
function acceptFiles(ruleName: FileRuleName, picked: readonly File[], pending: readonly File[], storedCount: number): { files: File[]; refusals: string[] } {
  const rule = FILE_RULES[ruleName];
  const refusals: string[] = [];
  const accepted: File[] = [];
  for (const file of picked) {
    const message = checkFile(rule, file);
    if (message) refusals.push(message);
    else accepted.push(file);
  }
  if (rule.maxFiles === 1) return { files: accepted.length ? [accepted[accepted.length - 1]!] : [...pending], refusals };
  const room = Math.max(0, rule.maxFiles - storedCount - pending.length);
  if (accepted.length > room) refusals.push(rule.maxFilesMessage);
  return { files: [...pending, ...accepted.slice(0, room)], refusals: [...new Set(refusals)] };
}

/**
 * The files of one kind of a record (documents, cover, video, manuscript): the stored ones open in
 * a new tab and can be deleted (after a confirmation, through `deleteApi`); new ones are checked
 * in the browser with the shared rule (a refused file is not added, with the rule's own message),
 * wait for the form's save, and show their upload progress while it sends them.
 */
export function FileListField({ formData, uiSchema, schema, registry, disabled, readonly, fieldPathId, name }: FieldProps) {
  const { t } = useTranslation();
  // The new files and their progress are the form controller's (`fileLists`), sent with its save.
  const context = registry.formContext as EngineFormContext;
  const { rule: ruleName, multipartName, deleteApi, single } = getUiOptions(uiSchema) as unknown as FileListOptions;
  const rule = FILE_RULES[ruleName];
  if (!rule) throw new Error(`fileList field "${name}": unknown rule "${String(ruleName)}"`);
  const input = useRef<HTMLInputElement>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<string | undefined>(undefined);
  const title = getUiOptions(uiSchema).title ?? schema.title ?? name;
  const id = fieldPathId.$id;

  const stored: StoredFile[] = single
    ? formData && typeof formData === 'object' && 'full_path' in formData
      ? [formData as StoredFile]
      : []
    : Array.isArray(formData)
      ? (formData as StoredFile[])
      : [];
  const pending = context.fileLists?.files[multipartName] ?? [];
  const progress = context.fileLists?.progress?.[multipartName];
  // The schema says `readOnly` of a stored list because a save never sends it back (new files are
  // the save's files; a deletion has its own call): the field still adds and deletes, unless the
  // form itself is disabled or made read-only in its UI schema.
  const inactive = Boolean(disabled || (readonly && schema.readOnly !== true) || uiSchema?.['ui:readonly'] === true || !context.fileLists);
  const replaces = rule.maxFiles === 1 && pending.length > 0;
  const full = rule.maxFiles > 1 && stored.length + pending.length >= rule.maxFiles;

  const pick = (list: FileList | null) => {
    const { files, refusals: refused } = acceptFiles(ruleName, [...(list ?? [])], pending, stored.length);
    setRefusals(refused);
    context.fileLists?.setFiles(multipartName, files);
    if (input.current) input.current.value = '';
  };

  const remove = async (file: StoredFile) => {
    if (!deleteApi || context.recordId === undefined) return;
    const path = deleteApi.replace('{id}', encodeURIComponent(String(context.recordId))).replace('{file}', encodeURIComponent(String(file.id ?? '')));
    setDeleting(file.full_path);
    try {
      await resourceApi.removeAt(path);
      context.applyStored({ [name]: single ? undefined : stored.filter((f) => f !== file) });
      notify({ severity: 'success', summary: t('notices.success'), detail: t('notices.deletionSucceed') });
    } catch (error) {
      notifyDeletionFailed(error);
    } finally {
      setDeleting(undefined);
    }
  };
  const askRemove = (file: StoredFile) =>
    confirmDialog({
      message: t('form.file.confirmDelete'),
      header: t('notices.confirmTitle'),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('form.file.yes'),
      rejectLabel: t('form.file.no'),
      defaultFocus: 'reject',
      accept: () => void remove(file),
    });

  return (
    <div className="file-list-field" data-field={id}>
      <label htmlFor={`${id}__input`} className="field-label">
        {title}
      </label>
      <div className="file-list-body">
        {stored.length || pending.length ? (
          <ul className="file-list" aria-label={String(title)}>
            {stored.map((file) => (
              <li key={file.full_path} className={`file-item stored${replaces ? ' replaced' : ''}`}>
                <i className="pi pi-file" aria-hidden="true" />
                <a href={file.full_path} target="_blank" rel="noopener noreferrer" className="file-item-name" title={t('form.file.open')}>
                  {file.name || file.full_path.split('?')[0]!.split('/').pop()}
                </a>
                <span className="file-item-size">{formatBytes(file.size)}</span>
                {replaces ? <span className="file-item-note">{t('widgets.fileList.willBeReplaced')}</span> : null}
                {deleteApi && !inactive ? (
                  <Button
                    type="button"
                    icon="pi pi-trash"
                    severity="danger"
                    text
                    rounded
                    aria-label={t('form.file.delete')}
                    loading={deleting === file.full_path}
                    onClick={() => askRemove(file)}
                  />
                ) : null}
              </li>
            ))}
            {pending.map((file, index) => {
              const sent = progress?.[index];
              return (
                <li key={`${file.name}-${index}`} className="file-item pending">
                  <i className="pi pi-upload" aria-hidden="true" />
                  <span className="file-item-name">{file.name}</span>
                  <span className="file-item-size">{formatBytes(file.size)}</span>
                  <ProgressBar
                    value={Math.round((sent ?? 0) * 100)}
                    className="file-item-progress"
                    aria-label={t('widgets.fileList.progress', { name: file.name })}
                    showValue={sent !== undefined}
                  />
                  {sent === undefined ? <span className="file-item-note">{t('widgets.fileList.sentOnSave')}</span> : null}
                  {!inactive ? (
                    <Button
                      type="button"
                      icon="pi pi-times"
                      text
                      rounded
                      aria-label={t('widgets.fileList.removeNew', { name: file.name })}
                      onClick={() =>
                        context.fileLists?.setFiles(
                          multipartName,
                          pending.filter((_, i) => i !== index),
                        )
                      }
                    />
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="file-list-empty">{t('widgets.fileList.none')}</p>
        )}
        <div className="file-list-actions">
          <input
            ref={input}
            id={`${id}__input`}
            type="file"
            className="file-list-input"
            accept={rule.accept}
            multiple={rule.maxFiles > 1}
            disabled={inactive || full}
            onChange={(e) => pick(e.target.files)}
          />
          <Button
            type="button"
            icon="pi pi-plus"
            label={rule.maxFiles === 1 && (stored.length || pending.length) ? t('widgets.fileList.replace') : t('form.file.choose')}
            outlined
            size="small"
            disabled={inactive || full}
            onClick={() => input.current?.click()}
          />
          <small className="file-list-hint">
            {rule.hint ?? t('widgets.fileList.hint', { extensions: rule.extensions.join(', '), size: formatBytes(rule.maxBytes), count: rule.maxFiles })}
          </small>
        </div>
        {refusals.length ? (
          <small className="p-error field-error file-refusal" role="alert">
            {refusals.join('\n')}
          </small>
        ) : null}
      </div>
    </div>
  );
}
