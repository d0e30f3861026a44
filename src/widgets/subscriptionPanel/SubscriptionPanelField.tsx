import type { FieldProps } from '@rjsf/utils';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionRecord, SubscriptionState, SubscriptionSummary } from '../../../common/subscribers';
import { useFormValue } from '../../engine/form/formDataStore';
import type { EngineFormContext } from '../../engine/form/templates';
import { useRecordAction } from '../../engine/form/useRecordAction';
import { AddSubscriptionDialog } from './AddSubscriptionDialog';
import { CreditsDialog } from './CreditsDialog';
import { dayOf, formatEuros } from './dates';
import { useRoleLabel } from './roleLabel';
import { subscriptionCalls } from './subscriptionCalls';

/** The alert each state shows (SPEC §4, §8); an active subscription shows none. */
const ALERTS: Partial<Record<SubscriptionState, { severity: 'info' | 'warn' | 'error'; key: string }>> = {
  none: { severity: 'info', key: 'widgets.subscription.alerts.none' },
  canceled: { severity: 'warn', key: 'widgets.subscription.alerts.canceled' },
  ended: { severity: 'error', key: 'widgets.subscription.alerts.ended' },
};

type OpenDialog = 'add' | 'credits' | 'changePlan' | undefined;

/**
 * A user's subscription (SPEC §2 'Information tab', §4 'Subscription states'): the state's alert,
 * the current plan (its amount in EUR from cents), the credit balance, the actions the state allows
 * (Add subscription when none or canceled, Manage credits when one exists, Change plan when active
 * and tied to the card payment provider, Cancel when active, confirmed) and the subscriptions so far.
 * The server decides the state and refuses what it does not allow; the buttons follow its state.
 */
export function SubscriptionPanelField({ formData, registry, schema }: FieldProps<SubscriptionRecord | null>) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const context = registry.formContext as EngineFormContext;
  const credits = useFormValue(context.formDataStore, 'credits') as number | undefined;
  const history = (useFormValue(context.formDataStore, 'plans') as SubscriptionSummary[] | undefined) ?? [];
  const { run, pending } = useRecordAction(context);
  const [dialog, setDialog] = useState<OpenDialog>(undefined);
  const userId = context.recordId;
  if (userId === undefined) return null;

  const subscription = formData ?? null;
  const state: SubscriptionState = subscription?.state ?? 'none';
  const alert = ALERTS[state];
  const tied = Boolean(subscription?.provider_subscription_id);

  const askCancel = () =>
    confirmDialog({
      header: t('widgets.subscription.cancelTitle'),
      message: t(tied ? 'widgets.subscription.cancelTiedConfirm' : 'widgets.subscription.cancelConfirm'),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('widgets.subscription.cancelAccept'),
      rejectLabel: t('widgets.subscription.cancelReject'),
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () => void run(subscriptionCalls.cancel(userId)),
    });

  return (
    <section className="subscription-panel" aria-labelledby="subscription-panel-title">
      <h2 id="subscription-panel-title" className="panel-title">
        {schema.title}
      </h2>
      {alert ? <Message className="subscription-alert" severity={alert.severity} text={t(alert.key)} /> : null}
      <dl className="subscription-facts">
        {subscription ? (
          <>
            <dt>{t('widgets.subscription.plan')}</dt>
            <dd>{roleLabel(subscription.role)}</dd>
            <dt>{t('widgets.subscription.amount')}</dt>
            <dd>{formatEuros(subscription.amount)}</dd>
            <dt>{t('widgets.subscription.commitment')}</dt>
            <dd>{t('widgets.subscription.months', { count: subscription.commitment })}</dd>
            <dt>{t('widgets.subscription.paid')}</dt>
            <dd>{t(subscription.paid ? 'widgets.subscription.yes' : 'widgets.subscription.no')}</dd>
            <dt>{t('widgets.subscription.startDate')}</dt>
            <dd>{dayOf(subscription.start_date)}</dd>
            <dt>{t('widgets.subscription.endDate')}</dt>
            <dd>{dayOf(subscription.subscription_end_at)}</dd>
            {subscription.canceled_at ? (
              <>
                <dt>{t('widgets.subscription.canceledAt')}</dt>
                <dd>{dayOf(subscription.canceled_at)}</dd>
              </>
            ) : null}
            <dt>{t('widgets.subscription.provider')}</dt>
            <dd>{subscription.provider_subscription_id ?? t('widgets.subscription.notTied')}</dd>
          </>
        ) : null}
        <dt>{t('widgets.subscription.credits')}</dt>
        <dd data-testid="credit-balance">{credits ?? 0}</dd>
      </dl>
      <div className="subscription-actions">
        {state === 'none' || state === 'canceled' ? (
          <Button type="button" label={t('widgets.subscription.add')} icon="pi pi-plus" onClick={() => setDialog('add')} disabled={pending} />
        ) : null}
        {state !== 'none' ? (
          <Button
            type="button"
            label={t('widgets.subscription.manageCredits')}
            icon="pi pi-wallet"
            outlined
            onClick={() => setDialog('credits')}
            disabled={pending}
          />
        ) : null}
        {state === 'active' && tied ? (
          <Button
            type="button"
            label={t('widgets.subscription.changePlan')}
            icon="pi pi-sync"
            outlined
            onClick={() => setDialog('changePlan')}
            disabled={pending}
          />
        ) : null}
        {state === 'active' ? (
          <Button type="button" label={t('widgets.subscription.cancel')} icon="pi pi-times" severity="danger" outlined onClick={askCancel} loading={pending} />
        ) : null}
      </div>
      {history.length > 0 ? (
        <DataTable className="subscription-history" value={history} dataKey="id" size="small" stripedRows header={t('widgets.subscription.history')}>
          <Column header={t('widgets.subscription.plan')} body={(row: SubscriptionSummary) => roleLabel(row.role)} />
          <Column header={t('widgets.subscription.startDate')} body={(row: SubscriptionSummary) => dayOf(row.start_date)} />
          <Column header={t('widgets.subscription.endDate')} body={(row: SubscriptionSummary) => dayOf(row.subscription_end_at)} />
          <Column header={t('widgets.subscription.canceledAt')} body={(row: SubscriptionSummary) => dayOf(row.canceled_at)} />
          <Column header={t('widgets.subscription.state')} body={(row: SubscriptionSummary) => t(`screens.users.states.${row.state}`)} />
        </DataTable>
      ) : null}
      {dialog === 'add' ? <AddSubscriptionDialog userId={userId} run={run} pending={pending} onClose={() => setDialog(undefined)} /> : null}
      {dialog === 'changePlan' ? (
        <Dialog
          header={t('widgets.subscription.changePlan')}
          visible
          onHide={() => setDialog(undefined)}
          style={{ width: '32rem' }}
          footer={<Button type="button" label={t('notices.ok')} onClick={() => setDialog(undefined)} autoFocus />}
        >
          <Message severity="info" text={t('widgets.subscription.changePlanAlert')} />
        </Dialog>
      ) : null}
      {dialog === 'credits' ? (
        <CreditsDialog userId={userId} api={context.api ?? ''} balance={credits ?? 0} run={run} pending={pending} onClose={() => setDialog(undefined)} />
      ) : null}
    </section>
  );
}
