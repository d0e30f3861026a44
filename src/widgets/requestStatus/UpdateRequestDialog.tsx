import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface UpdateRequestDialogProps {
  /** The request's commentary so far, to start from. */
  initial: string;
  saving: boolean;
  onConfirm(commentary: string): void;
  onCancel(): void;
}

/**
 * 'Update Request': the commentary a status needs (SPEC §4, §5: status 4), in a 4-row text area.
 * Confirm saves; an empty commentary is refused here, with the reason under the field.
 */
export function UpdateRequestDialog({ initial, saving, onConfirm, onCancel }: UpdateRequestDialogProps) {
  const { t } = useTranslation();
  const id = useId().replace(/:/g, '');
  const [commentary, setCommentary] = useState(initial);
  const [missing, setMissing] = useState(false);
  const confirm = () => {
    if (!commentary.trim()) return setMissing(true);
    onConfirm(commentary);
  };
  return (
    <Dialog
      visible
      header={t('widgets.requestStatus.dialogTitle')}
      onHide={() => {
        if (!saving) onCancel();
      }}
      style={{ width: '32rem' }}
      className="update-request-dialog"
      footer={
        <>
          <Button type="button" label={t('widgets.requestStatus.cancel')} text onClick={onCancel} disabled={saving} />
          <Button type="button" label={t('widgets.requestStatus.confirmButton')} icon="pi pi-check" onClick={confirm} loading={saving} />
        </>
      }
    >
      <div className="dialog-field">
        <label htmlFor={`${id}-commentary`}>{t('widgets.requestStatus.commentary')}</label>
        <InputTextarea
          id={`${id}-commentary`}
          rows={4}
          value={commentary}
          onChange={(e) => {
            setCommentary(e.target.value);
            setMissing(false);
          }}
          className="w-full"
          invalid={missing}
          autoFocus
          {...(missing ? { 'aria-describedby': `${id}-commentary-error` } : {})}
        />
        {missing ? (
          <small id={`${id}-commentary-error`} className="p-error field-error" role="alert">
            {t('widgets.requestStatus.commentaryRequired')}
          </small>
        ) : null}
      </div>
    </Dialog>
  );
}
