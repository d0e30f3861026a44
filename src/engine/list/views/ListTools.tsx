import { Button } from 'primereact/button';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createPortal } from 'react-dom';
import { useSearchParams } from 'react-router-dom';
import { deferred } from '../../deferred';
import { notify } from '../../notify/notifications';
import type { ViewAnswer } from '../../api/viewsApi';
import type { ColumnsDialogProps } from './ColumnsDialog';
import type { ExportDialogProps } from './ExportDialog';
import { useListViews } from './useListViews';
import { addressOfView, COLUMNS_PARAM, sameView, VIEW_PARAM, viewOfAddress, type ChoosableColumn, type ViewShape } from './viewAddress';
import type { ViewsDialogProps } from './ViewsDialog';
import './views.css';

/** The dialogs' code loads when one is first opened (read ahead on hover and focus). */
const ViewsDialog = deferred<ViewsDialogProps>(() => import('./ViewsDialog').then((m) => m.ViewsDialog));
const ColumnsDialog = deferred<ColumnsDialogProps>(() => import('./ColumnsDialog').then((m) => m.ColumnsDialog));
const ExportDialog = deferred<ExportDialogProps>(() => import('./ExportDialog').then((m) => m.ExportDialog));
const DIALOGS = { views: ViewsDialog, columns: ColumnsDialog, export: ExportDialog } as const;
type DialogName = keyof typeof DIALOGS;

export interface ListToolsProps {
  /** The element the buttons are rendered in (the page header's slot); in place when none. */
  target?: HTMLElement | null | undefined;
  /** The screen whose list it is (its resource name: what its views are kept under). */
  screen: string;
  shape: ViewShape;
  choosable: readonly ChoosableColumn[];
  /** The keys of the columns shown now. */
  shownKeys: readonly string[];
  /** The list's API (`books`, `genres`): what its export calls. */
  api: string;
  /** How many rows the list matches, and whether the count is exact. */
  total: number;
  exact: boolean;
  /** The reader's roles let them export this list (else no Export button). */
  canExport?: boolean;
}

/** Says what a view kept that its list no longer takes, when it opens. */
function sayDropped(view: ViewAnswer): void {
  if (view.dropped.length) notify({ severity: 'warn', summary: view.name, detail: view.dropped.map((part) => part.message).join(' ') });
}

/**
 * A list page's Views, Columns and Export buttons (docs/saved-views.md, docs/list-export.md). A view opens as an address: its
 * query and columns replace the list's, so the back button, a reload and a link sent to a colleague
 * show it too. The reader's default view opens when the list opens with nothing in its address.
 */
export function ListTools({ target, screen, shape, choosable, shownKeys, api, total, exact, canExport = true }: ListToolsProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const views = useListViews(screen);
  const [open, setOpen] = useState<DialogName | undefined>(undefined);
  const [mounted, setMounted] = useState<Record<DialogName, boolean>>({ views: false, columns: false, export: false });
  const current = viewOfAddress(params, shape);
  const active = views.views.find((view) => sameView(view, current));
  // The view the list was opened from (the address says which): once the list is changed from it, its author may update it.
  const opened = views.views.find((view) => String(view.id) === params.get(VIEW_PARAM));
  const updatable = opened?.mine && !active ? opened : undefined;

  const openView = (view: ViewAnswer) => {
    setOpen(undefined);
    setParams(addressOfView(view, shape));
    sayDropped(view);
  };

  // The default view, once, when the list opened with an empty address.
  const startedEmpty = useRef(params.size === 0);
  const defaultOpened = useRef(false);
  useEffect(() => {
    if (!startedEmpty.current || defaultOpened.current || views.loading) return;
    defaultOpened.current = true;
    // In place of the empty address: Back leaves the list rather than showing it without its view.
    if (views.defaultView && params.size === 0) {
      setParams(addressOfView(views.defaultView, shape), { replace: true });
      sayDropped(views.defaultView);
    }
  });

  const show = (which: DialogName) => {
    setMounted((current) => ({ ...current, [which]: true }));
    DIALOGS[which]
      .preload()
      .catch(() => undefined)
      .finally(() => setOpen(which));
  };
  const readAhead = (which: DialogName) => () => void DIALOGS[which].preload().catch(() => undefined);

  const tools = (
    <div className="list-tools">
      <Button
        type="button"
        icon="pi pi-bookmark"
        label={active ? t('views.buttonActive', { name: active.name }) : t('views.button')}
        outlined
        size="small"
        aria-haspopup="dialog"
        onPointerEnter={readAhead('views')}
        onFocus={readAhead('views')}
        onClick={() => show('views')}
      />
      <Button
        type="button"
        icon="pi pi-table"
        label={t('columnChooser.button')}
        outlined
        size="small"
        aria-haspopup="dialog"
        onPointerEnter={readAhead('columns')}
        onFocus={readAhead('columns')}
        onClick={() => show('columns')}
      />
      {canExport ? (
        <Button
          type="button"
          icon="pi pi-download"
          label={t('listExport.button')}
          outlined
          size="small"
          aria-haspopup="dialog"
          onPointerEnter={readAhead('export')}
          onFocus={readAhead('export')}
          onClick={() => show('export')}
        />
      ) : null}
      {mounted.views ? (
        <ViewsDialog
          visible={open === 'views'}
          onHide={() => setOpen(undefined)}
          views={views}
          current={current}
          active={active}
          updatable={updatable}
          onOpen={openView}
          onSaved={(view) => setParams(addressOfView(view, shape), { replace: true })}
        />
      ) : null}
      {mounted.columns ? (
        <ColumnsDialog
          visible={open === 'columns'}
          onHide={() => setOpen(undefined)}
          choosable={choosable}
          shown={shownKeys}
          onApply={(keys) => {
            setOpen(undefined);
            const next = new URLSearchParams(params);
            if (keys.length) next.set(COLUMNS_PARAM, keys.join(','));
            else next.delete(COLUMNS_PARAM);
            setParams(next);
          }}
        />
      ) : null}
      {mounted.export ? (
        <ExportDialog
          visible={open === 'export'}
          onHide={() => setOpen(undefined)}
          api={api}
          query={current.query}
          columns={shownKeys}
          total={total}
          exact={exact}
        />
      ) : null}
    </div>
  );
  return target ? createPortal(tools, target) : tools;
}
