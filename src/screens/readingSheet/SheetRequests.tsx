import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { sameData } from '../../engine/form/sameData';

interface RequestRow {
  id: number;
  user?: { name?: string | null; company?: string | null; email?: string | null } | null;
  demand_date?: string | null;
  demand_end_date?: string | null;
  demand_type?: { name?: string | null } | null;
  demand_status?: { name?: string | null } | null;
}

const dash = (value: unknown) => (value === null || value === undefined || value === '' ? '-' : String(value));

/**
 * The requests made on this sheet, read-only until the requests screens (status changes, edit, delete) exist.
 * Memoised by content: the form hands a new copy of the list on every keystroke, the table renders
 * again only when the requests change.
 */
export const SheetRequests = memo(function SheetRequests({ rows }: { rows: unknown }) {
  const { t } = useTranslation();
  const requests = Array.isArray(rows) ? (rows as RequestRow[]) : [];
  return (
    <section className="sheet-requests" aria-label={t('screens.readingSheet.requests.title')}>
      <h2 className="sheet-section-title">{t('screens.readingSheet.requests.title')}</h2>
      <p className="sheet-section-note">
        <i className="pi pi-info-circle" aria-hidden="true" /> {t('screens.readingSheet.requests.later')}
      </p>
      <DataTable value={requests} dataKey="id" size="small" stripedRows emptyMessage={t('screens.readingSheet.requests.none')}>
        <Column field="id" header={t('screens.readingSheet.requests.id')} style={{ width: '5rem' }} />
        <Column
          header={t('screens.readingSheet.requests.user')}
          body={(row: RequestRow) => (row.user?.company ? `${dash(row.user?.name)} (${row.user.company})` : dash(row.user?.name))}
        />
        <Column header={t('screens.readingSheet.requests.email')} body={(row: RequestRow) => dash(row.user?.email)} />
        <Column header={t('screens.readingSheet.requests.date')} body={(row: RequestRow) => dash(row.demand_date)} />
        <Column header={t('screens.readingSheet.requests.endDate')} body={(row: RequestRow) => dash(row.demand_end_date)} />
        <Column header={t('screens.readingSheet.requests.type')} body={(row: RequestRow) => dash(row.demand_type?.name)} />
        <Column header={t('screens.readingSheet.requests.status')} body={(row: RequestRow) => dash(row.demand_status?.name)} />
      </DataTable>
    </section>
  );
}, (before, after) => sameData(before.rows, after.rows));
