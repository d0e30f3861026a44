import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanRecord } from '../../../common/subscribers';
import type { FieldErrors } from '../../../common/validation';
import { queryKeys } from '../../engine/api/queryKeys';
import { resourceApi } from '../../engine/api/resourceApi';
import type { RecordActionRequest, RecordActionResult } from '../../engine/form/useRecordAction';
import { CreditsInput } from './CreditsInput';
import { addMonths, formatDay, formatEuros, parseDay } from './dates';
import { useRoleLabel } from './roleLabel';
import { subscriptionCalls } from './subscriptionCalls';

/** Where the plans come from: every plan, on one page. */
const PLANS_QUERY = { perPage: 100 };

interface Props {
  userId: string | number;
  run(request: RecordActionRequest): Promise<RecordActionResult>;
  pending: boolean;
  onClose(): void;
}

interface Draft {
  plan_id: number | null;
  start_date: string;
  end_date: string;
  /** Undefined while what is typed is no whole number (refused under the field, the save disabled). */
  credits: number | null | undefined;
}

/**
 * 'Add subscription' (SPEC §5): a plan, start and end dates (yyyy-MM-dd) and the credits it adds.
 * Picking a plan fills the credits with the plan's and, the start date being set, the end date with
 * the start plus the plan's commitment; both stay editable. Closes only on success; the server's
 * refusals show under their fields (422) or as its toast (409).
 */
export function AddSubscriptionDialog({ userId, run, pending, onClose }: Props) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const ids = useId().replace(/:/g, '');
  const plans = useQuery({
    queryKey: queryKeys.list('plans', PLANS_QUERY),
    queryFn: ({ signal }) => resourceApi.list('plans', PLANS_QUERY, signal),
    staleTime: 60_000,
  });
  const rows = (plans.data?.data ?? []) as unknown as PlanRecord[];
  const [draft, setDraft] = useState<Draft>(() => ({ plan_id: null, start_date: formatDay(new Date()), end_date: '', credits: null }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !(key in patch))));
  };
  const pickPlan = (planId: number | null) => {
    const plan = rows.find((row) => row.id === planId);
    const start = parseDay(draft.start_date);
    set({
      plan_id: planId,
      ...(plan ? { credits: plan.credits } : {}),
      ...(plan && start && plan.commitment > 0 ? { end_date: formatDay(addMonths(start, plan.commitment)) } : {}),
    });
  };
  const submit = async () => {
    if (draft.credits === undefined) return;
    const result = await run(subscriptionCalls.add(userId, { ...draft, credits: draft.credits }));
    if (result.ok) onClose();
    else setErrors(result.errors);
  };
  const error = (key: keyof Draft) =>
    errors[key]?.length ? (
      <small id={`${ids}-${key}-error`} className="p-error field-error" role="alert">
        {errors[key]!.join('\n')}
      </small>
    ) : null;
  const described = (key: keyof Draft) => (errors[key]?.length ? { 'aria-describedby': `${ids}-${key}-error`, invalid: true } : {});

  return (
    <Dialog
      header={t('widgets.subscription.add')}
      visible
      onHide={onClose}
      style={{ width: '34rem' }}
      footer={
        <>
          <Button type="button" label={t('widgets.subscription.dialogCancel')} text onClick={onClose} disabled={pending} />
          <Button
            type="button"
            label={t('widgets.subscription.addSubmit')}
            icon="pi pi-check"
            onClick={() => void submit()}
            loading={pending}
            disabled={draft.credits === undefined}
          />
        </>
      }
    >
      <div className="dialog-form">
        <label htmlFor={`${ids}-plan`}>{t('widgets.subscription.plan')}</label>
        <div>
          <Dropdown
            inputId={`${ids}-plan`}
            value={draft.plan_id}
            options={rows.map((plan) => ({ value: plan.id, label: `${roleLabel(plan.role)} — ${formatEuros(plan.amount)}` }))}
            onChange={(event) => pickPlan((event.value as number | null) ?? null)}
            placeholder={plans.isLoading ? t('app.loading') : t('widgets.subscription.pickPlan')}
            className="w-full"
            {...described('plan_id')}
          />
          {error('plan_id')}
        </div>
        <label htmlFor={`${ids}-start`}>{t('widgets.subscription.startDate')}</label>
        <div>
          <Calendar
            inputId={`${ids}-start`}
            value={parseDay(draft.start_date)}
            dateFormat="yy-mm-dd"
            showIcon
            showOnFocus={false}
            onChange={(event) => set({ start_date: event.value ? formatDay(event.value as Date) : '' })}
            {...described('start_date')}
          />
          {error('start_date')}
        </div>
        <label htmlFor={`${ids}-end`}>{t('widgets.subscription.endDate')}</label>
        <div>
          <Calendar
            inputId={`${ids}-end`}
            value={parseDay(draft.end_date)}
            dateFormat="yy-mm-dd"
            showIcon
            showOnFocus={false}
            onChange={(event) => set({ end_date: event.value ? formatDay(event.value as Date) : '' })}
            {...described('end_date')}
          />
          {error('end_date')}
        </div>
        <label htmlFor={`${ids}-credits`}>{t('widgets.subscription.credits')}</label>
        <div>
          <CreditsInput
            inputId={`${ids}-credits`}
            value={draft.credits}
            onChange={(credits) => set({ credits })}
            invalid={Boolean(errors.credits?.length)}
            describedBy={errors.credits?.length ? `${ids}-credits-error` : undefined}
          />
          {error('credits')}
        </div>
      </div>
    </Dialog>
  );
}
