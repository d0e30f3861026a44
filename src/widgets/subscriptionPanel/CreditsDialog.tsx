import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Paginator } from 'primereact/paginator';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditMovementRecord } from '../../../common/subscribers';
import type { Paged } from '../../../common/api';
import { call, toSearchParams } from '../../engine/api/apiClient';
import { queryKeys } from '../../engine/api/queryKeys';
import type { RecordActionRequest, RecordActionResult } from '../../engine/form/useRecordAction';
import { CreditsInput } from './CreditsInput';
import { dayOf } from './dates';
import { creditHistoryPath, subscriptionCalls } from './subscriptionCalls';

const HISTORY_PAGE_SIZE = 10;

interface Props {
  userId: string | number;
  /** The form's resource endpoint (`users`): the history is one of its record's related parts. */
  api: string;
  balance: number;
  run(request: RecordActionRequest): Promise<RecordActionResult>;
  pending: boolean;
  onClose(): void;
}

/** A signed change as staff read it: +5, −2. */
const signed = (amount: number) => (amount > 0 ? `+${amount}` : amount < 0 ? `−${Math.abs(amount)}` : '0');

/**
 * 'Manage credits' (SPEC §5): the new balance, whole numbers only, and the credit history under it
 * (date, change, balance after it, why and by whom), newest first: staff see why a balance moved.
 * Closes only on success; a refusal shows under the field.
 */
export function CreditsDialog({ userId, api, balance, run, pending, onClose }: Props) {
  const { t } = useTranslation();
  const ids = useId().replace(/:/g, '');
  // Undefined while what is typed is no whole number (refused under the field, the save disabled).
  const [credits, setCredits] = useState<number | null | undefined>(balance);
  const [errors, setErrors] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const query = { page, perPage: HISTORY_PAGE_SIZE };
  const history = useQuery({
    queryKey: queryKeys.related(api, userId, 'credits', query),
    queryFn: ({ signal }) => call<Paged<CreditMovementRecord>>('get', creditHistoryPath(userId), { searchParams: toSearchParams(query), signal }),
  });
  const submit = async () => {
    if (credits === undefined) return;
    const result = await run(subscriptionCalls.setCredits(userId, credits));
    if (result.ok) onClose();
    else setErrors(result.errors.credits ?? []);
  };
  const take = (value: number | null | undefined) => {
    setCredits(value);
    setErrors([]);
  };
  const change = credits === null || credits === undefined ? 0 : credits - balance;
  const by = (row: CreditMovementRecord) => row.administrator_name ?? (row.reason === 'manual' ? '-' : t('widgets.subscription.byUser'));

  return (
    <Dialog
      header={t('widgets.subscription.manageCredits')}
      visible
      onHide={onClose}
      style={{ width: '44rem' }}
      footer={
        <>
          <Button type="button" label={t('widgets.subscription.dialogCancel')} text onClick={onClose} disabled={pending} />
          <Button
            type="button"
            label={t('widgets.subscription.creditsSubmit')}
            icon="pi pi-check"
            onClick={() => void submit()}
            loading={pending}
            disabled={change === 0}
          />
        </>
      }
    >
      <div className="dialog-form">
        <span>{t('widgets.subscription.currentBalance')}</span>
        <strong>{balance}</strong>
        <label htmlFor={`${ids}-credits`}>{t('widgets.subscription.newBalance')}</label>
        <div>
          <CreditsInput inputId={`${ids}-credits`} value={credits} onChange={take} invalid={errors.length > 0} describedBy={`${ids}-credits-help`} />
          <small id={`${ids}-credits-help`} className="field-description">
            {t('widgets.subscription.wholeNumbers')}
            {change !== 0 ? ` ${t('widgets.subscription.changeBy', { change: signed(change) })}` : ''}
          </small>
          {errors.length ? (
            <small className="p-error field-error" role="alert">
              {errors.join('\n')}
            </small>
          ) : null}
        </div>
      </div>
      <h3 className="dialog-section-title">{t('widgets.subscription.creditHistory')}</h3>
      <DataTable
        className="credit-history"
        value={history.data?.data ?? []}
        dataKey="id"
        size="small"
        stripedRows
        loading={history.isFetching}
        emptyMessage={history.isError ? t('list.loadFailed') : history.isLoading ? t('app.loading') : t('widgets.subscription.noCreditHistory')}
      >
        <Column header={t('widgets.subscription.historyDate')} body={(row: CreditMovementRecord) => dayOf(row.created_at)} />
        <Column header={t('widgets.subscription.historyChange')} body={(row: CreditMovementRecord) => signed(row.amount)} />
        <Column header={t('widgets.subscription.historyBalance')} field="balance" />
        <Column
          header={t('widgets.subscription.historyReason')}
          body={(row: CreditMovementRecord) => t(`widgets.subscription.reasons.${row.reason}`, { defaultValue: row.reason })}
        />
        <Column header={t('widgets.subscription.historyBy')} body={by} />
      </DataTable>
      {(history.data?.meta.total ?? 0) > HISTORY_PAGE_SIZE ? (
        <Paginator
          first={(page - 1) * HISTORY_PAGE_SIZE}
          rows={HISTORY_PAGE_SIZE}
          totalRecords={history.data!.meta.total}
          onPageChange={(event) => setPage(event.page + 1)}
        />
      ) : null}
    </Dialog>
  );
}
