import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { DataTable, type DataTableExpandedRows } from 'primereact/datatable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { RevisionAnswer } from '../../../common/historyAnswers';
import type { ListFilter } from '../../../common/screenDefinition';
import { formatDateTime } from '../../engine/format/formatDateTime';
import { HISTORY_API } from '../../engine/history/historyCalls';
import { RevisionChanges } from '../../engine/history/RevisionChanges';
import { revisionAction, revisionAuthor } from '../../engine/history/revisionText';
import { FilterChips } from '../../engine/list/FilterChips';
import { FILTER_CONTROLS } from '../../engine/list/FilterBar';
import { useListController } from '../../engine/list/useListController';
import { useScreens } from '../../engine/resource/definitions';
import { formatDay, parseDay } from '../../widgets/subscriptionPanel/dates';
import { screenTitle } from '../studio/screenTitle';
import { studioScreenPath } from '../studio/studioRoute';
import { resourceChoices, SCREENS, screenOfResource } from './resourceChoices';
import { screenPublishOf, type ScreenPublish } from './screenPublish';
import './activity.css';

const PAGE_SIZES = [10, 20, 50];
const DEFAULT_PAGE_SIZE = 20;

export interface ActivityScreenProps {
  /** The edit page of a record (the app's record routes), undefined for a resource without one. */
  recordPath(api: string, id: number): string | undefined;
}

/** A day filter (`from`, `to`): typed or picked as `yyyy-mm-dd`, kept in the URL as such. */
function DayFilter({ id, label, value, onChange }: { id: string; label: string; value: string | undefined; onChange(value: string[]): void }) {
  return (
    <Calendar
      inputId={id}
      value={parseDay(value ?? null)}
      dateFormat="yy-mm-dd"
      showIcon
      showOnFocus={false}
      showButtonBar
      onChange={(event) => onChange(event.value instanceof Date ? [formatDay(event.value)] : [])}
      onClearButtonClick={() => onChange([])}
      placeholder={label}
      aria-label={label}
    />
  );
}

/** What a publish changed, in words: the screen, the version and the one it was made from, the comment. */
function PublishChanges({ publish, screen }: { publish: ScreenPublish; screen: string }) {
  const { t } = useTranslation();
  const base = publish.baseVersion;
  return (
    <dl className="activity-publish">
      <dt>{t('screens.activity.publishScreen')}</dt>
      <dd>{screen}</dd>
      <dt>{t('screens.activity.publishVersion')}</dt>
      <dd>
        {base === undefined
          ? t('screens.studio.versionN', { version: publish.version })
          : base === 0
            ? t('screens.activity.versionFromFile', { version: publish.version })
            : t('screens.activity.versionFrom', { version: publish.version, base })}
      </dd>
      {publish.comment ? (
        <>
          <dt>{t('screens.activity.publishComment')}</dt>
          <dd>{publish.comment}</dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * `/settings/activity` ('Activity' in the Settings menu): every record's revisions, newest first,
 * filtered by administrator, resource and days (kept in the URL as the lists' filters are); each
 * row says when, who, which record (a link to its page while it exists; a screen's publish, to
 * the screen in the studio) and what was done, and shows its changes field by field as the
 * record's history drawer does.
 */
export function ActivityScreen({ recordPath }: ActivityScreenProps) {
  const { t, i18n } = useTranslation();
  const screens = useScreens();
  const resources = useMemo(() => resourceChoices(screens), [screens]);
  const resourceLabel = useMemo(() => new Map(resources.map((choice) => [choice.value, t(choice.label)])), [resources, t]);
  const filters = useMemo<ListFilter[]>(
    () => [
      {
        param: 'administrator',
        label: 'screens.activity.filters.administrator',
        widget: 'select',
        options: { api: 'administrators', valueField: 'id', labelField: 'name', perPage: 1000 },
      },
      {
        param: 'resource',
        label: 'screens.activity.filters.resource',
        widget: 'select',
        options: {
          valueField: 'value',
          labelField: 'label',
          static: [...resources].sort((a, b) => resourceLabel.get(a.value)!.localeCompare(resourceLabel.get(b.value)!, i18n.language)),
        },
      },
      { param: 'from', label: 'screens.activity.filters.from', widget: 'text' },
      { param: 'to', label: 'screens.activity.filters.to', widget: 'text' },
    ],
    [resources, resourceLabel, i18n.language],
  );
  const controller = useListController({ api: HISTORY_API, filters, pageSizes: PAGE_SIZES, defaultPageSize: DEFAULT_PAGE_SIZE });
  const rows = controller.rows as unknown as RevisionAnswer[];
  const [expanded, setExpanded] = useState<DataTableExpandedRows>({});

  /** The publish a row of the screens records, if it is one. */
  const publishOf = (row: RevisionAnswer) => (row.resource === SCREENS ? screenPublishOf(row) : undefined);
  // A publish is named by the screen's title and its version ('Reading sheet editor, version 2'), whatever label it was stored with.
  const recordName = (row: RevisionAnswer) => {
    const publish = publishOf(row);
    return publish
      ? t('screens.activity.screenVersion', { screen: screenTitle(t, screens, publish.screen), version: publish.version })
      : (row.label ?? `#${row.record_id}`);
  };
  /** Where a row's record opens: its edit page while it exists; a publish, its screen in the studio. */
  const linkOf = (row: RevisionAnswer) => {
    if (row.resource === SCREENS) {
      const publish = publishOf(row);
      return publish ? studioScreenPath(publish.screen) : undefined;
    }
    return row.record_exists === false ? undefined : recordPath(row.resource, row.record_id);
  };
  const select = (param: string) => {
    const filter = filters.find((candidate) => candidate.param === param)!;
    const Control = FILTER_CONTROLS.select;
    return (
      <Control filter={filter} values={controller.filters[param] ?? []} onChange={(values) => controller.setFilter(param, values)} label={t(filter.label)} />
    );
  };
  const day = (param: 'from' | 'to') => (
    <DayFilter
      id={`activity-${param}`}
      label={t(`screens.activity.filters.${param}`)}
      value={controller.filters[param]?.[0]}
      onChange={(values) => controller.setFilter(param, values)}
    />
  );

  const total = controller.total.toLocaleString(i18n.language);
  const report = controller.exact ? t('screens.activity.pageReport', { total }) : t('screens.activity.pageReportBounded', { total });

  return (
    <section className="page activity-page">
      <div className="page-header">
        <h1 className="page-title">{t('screens.activity.title')}</h1>
      </div>
      <p className="activity-intro">{t('screens.activity.intro')}</p>
      <div className="filter-area" role="search" aria-label={t('list.filters')}>
        <div className="filter-bar">
          {select('administrator')}
          {select('resource')}
          {day('from')}
          {day('to')}
        </div>
        <FilterChips
          filters={filters}
          values={controller.filters}
          onChange={controller.setFilter}
          after={<Button type="button" label={t('list.clearFilters')} icon="pi pi-filter-slash" text size="small" onClick={controller.clearFilters} />}
        />
      </div>
      <DataTable
        value={rows}
        dataKey="id"
        className="activity-table"
        lazy
        loading={controller.fetching}
        emptyMessage={controller.error ? t('list.loadFailed') : controller.loading ? t('app.loading') : t('screens.activity.empty')}
        paginator={controller.total > 0}
        first={(controller.page - 1) * controller.perPage}
        rows={controller.perPage}
        totalRecords={controller.total}
        rowsPerPageOptions={PAGE_SIZES}
        paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink RowsPerPageDropdown CurrentPageReport"
        currentPageReportTemplate={report}
        onPage={(event) => controller.setPage((event.page ?? 0) + 1, event.rows)}
        expandedRows={expanded}
        onRowToggle={(event) => setExpanded(event.data as DataTableExpandedRows)}
        rowExpansionTemplate={(row: RevisionAnswer) => {
          const publish = publishOf(row);
          return (
            <div className="activity-changes" id={`activity-changes-${row.id}`}>
              {publish ? (
                <PublishChanges publish={publish} screen={screenTitle(t, screens, publish.screen)} />
              ) : (
                <RevisionChanges revision={row} screen={screenOfResource(screens, row.resource)} />
              )}
            </div>
          );
        }}
        stripedRows
        size="small"
      >
        <Column
          header={t('screens.activity.columns.when')}
          headerClassName="activity-when"
          bodyClassName="activity-when"
          body={(row: RevisionAnswer) => <time dateTime={row.at}>{formatDateTime(row.at)}</time>}
        />
        <Column header={t('screens.activity.columns.who')} body={(row: RevisionAnswer) => revisionAuthor(row, t)} />
        <Column header={t('screens.activity.columns.resource')} body={(row: RevisionAnswer) => resourceLabel.get(row.resource) ?? row.resource} />
        <Column
          header={t('screens.activity.columns.record')}
          body={(row: RevisionAnswer) => {
            const gone = row.record_exists === false;
            const path = linkOf(row);
            if (path) return <Link to={path}>{recordName(row)}</Link>;
            return (
              <>
                {recordName(row)}
                {gone ? <span className="activity-deleted"> ({t('screens.activity.deleted')})</span> : null}
              </>
            );
          }}
        />
        <Column
          header={t('screens.activity.columns.action')}
          body={(row: RevisionAnswer) => (row.resource === SCREENS ? t('screens.activity.published') : revisionAction(row, t))}
        />
        <Column
          header={t('screens.activity.columns.changes')}
          headerClassName="activity-toggle-cell"
          bodyClassName="activity-toggle-cell"
          body={(row: RevisionAnswer) => {
            const open = Boolean(expanded[String(row.id)]);
            return (
              <Button
                type="button"
                className="activity-toggle"
                size="small"
                text
                icon={open ? 'pi pi-chevron-down' : 'pi pi-chevron-right'}
                label={open ? t('screens.activity.hide') : t('screens.activity.show')}
                aria-label={t(open ? 'screens.activity.hideChanges' : 'screens.activity.showChanges', {
                  record: recordName(row),
                  when: formatDateTime(row.at),
                })}
                aria-expanded={open}
                {...(open ? { 'aria-controls': `activity-changes-${row.id}` } : {})}
                onClick={() =>
                  setExpanded((current) => {
                    const next = { ...current };
                    if (open) delete next[String(row.id)];
                    else next[String(row.id)] = true;
                    return next;
                  })
                }
              />
            );
          }}
        />
      </DataTable>
    </section>
  );
}
