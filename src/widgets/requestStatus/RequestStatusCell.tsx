import { confirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import type { CellProps } from '../../engine/registries';
import { optionOf, useOptionRows } from '../../engine/options/useOptions';
import type { ApiRecord } from '../../engine/api/resourceApi';
import { requiresCommentary, STATUS_SOURCE } from './statusUpdate';
import { UpdateRequestDialog } from './UpdateRequestDialog';
import { useStatusChange } from './useStatusChange';

/**
 * A request's status as a select in its row (SPEC §2, §4): a change asks 'Are you sure, you want to
 * update this request from {user} {e-mail}', then, for a status that needs one (4), the commentary
 * ('Update Request'), and saves the whole request; a failure puts the old status back. Clicks stay
 * in the cell: they do not open the row.
 */
export function RequestStatusCell({ row }: CellProps) {
  const { t } = useTranslation();
  const request = row as ApiRecord;
  const { rows: statuses, loading } = useOptionRows(STATUS_SOURCE);
  const change = useStatusChange(request);
  const user = (request.user ?? {}) as { name?: string | null; email?: string | null };

  const choose = (statusId: number) => {
    if (statusId === request.demand_status_id) return;
    change.choose(statusId);
    const status = statuses.find((s) => s.id === statusId);
    confirmDialog({
      message: t('widgets.requestStatus.confirm', { name: user.name ?? '', email: user.email ?? '' }).trim(),
      header: t('notices.confirmTitle'),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('widgets.requestStatus.yes'),
      rejectLabel: t('widgets.requestStatus.no'),
      defaultFocus: 'reject',
      accept: () => void change.confirm(requiresCommentary(status, statusId)),
      reject: () => change.cancel(),
      onHide: (result) => {
        if (result !== 'accept' && result !== 'reject') change.cancel();
      },
    });
  };

  return (
    <span className="request-status-cell" onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      <Dropdown
        value={change.shown ?? null}
        options={statuses.map((status) => optionOf(status, STATUS_SOURCE))}
        optionLabel="label"
        optionValue="value"
        onChange={(e) => choose(Number(e.value))}
        disabled={loading || change.step !== 'idle'}
        placeholder={loading ? t('app.loading') : '-'}
        aria-label={t('widgets.requestStatus.label', { id: request.id })}
        className="request-status-select"
      />
      {change.commenting ? (
        <UpdateRequestDialog
          initial={typeof request.commentary === 'string' ? request.commentary : ''}
          saving={change.step === 'saving'}
          onConfirm={(commentary) => void change.saveWithCommentary(commentary)}
          onCancel={change.cancel}
        />
      ) : null}
    </span>
  );
}
