import { useState, type ReactNode } from 'react';
import { MAX_BULK_ROWS } from '../../../../common/bulkAnswers';
import type { BulkAction } from '../../../../common/screenDefinition';
import type { ApiRecord } from '../../api/resourceApi';
import { deferred } from '../../deferred';
import { BulkBar } from './BulkBar';
import type { BulkDialogProps } from './BulkDialog';
import './bulk.css';

/** The dialog's code loads when an action is first chosen. */
const BulkDialog = deferred<BulkDialogProps>(() => import('./BulkDialog').then((m) => m.BulkDialog));

export interface ListBulkOptions {
  api: string;
  /** The screen's `list.bulkActions`; none: no checkboxes. */
  actions: readonly BulkAction[] | undefined;
  /** How many rows the list matches, and whether the count is exact. */
  total: number;
  exact: boolean;
  /** The list's parameters as its API takes them: the rows of 'all matching'. A change of them clears the choice. */
  query: Record<string, string | string[]>;
}

/**
 * The bulk actions of a list (docs/bulk-actions.md): the rows chosen with the checkboxes (kept from
 * page to page, cleared when the search or a filter changes), or every row the list matches; the
 * bar above the table; the dialog of the action chosen. Returns what the ListView takes
 * (`selection`) and the dialog to render.
 */
export function useListBulk({ api, actions, total, exact, query }: ListBulkOptions): {
  selection: { chosen: ApiRecord[]; onChange(rows: ApiRecord[]): void; bar?: ReactNode } | undefined;
  dialog: ReactNode;
} {
  // The choice belongs to the list's query it was made on: another search or filter starts none.
  const queryKey = JSON.stringify(query);
  const [choice, setChoice] = useState<{ key: string; rows: ApiRecord[]; all: boolean }>({ key: queryKey, rows: [], all: false });
  const [running, setRunning] = useState<BulkAction | undefined>(undefined);
  if (!actions?.length) return { selection: undefined, dialog: null };
  const current = choice.key === queryKey ? choice : { key: queryKey, rows: [], all: false };
  const chosen = current.rows;
  const allMatching = current.all;
  const clear = () => setChoice({ key: queryKey, rows: [], all: false });
  const some = allMatching || chosen.length > 0;
  const bar = some ? (
    <BulkBar
      actions={actions}
      chosen={chosen.length}
      total={total}
      exact={exact}
      allMatching={allMatching}
      onAllMatching={() => setChoice({ key: queryKey, rows: chosen, all: true })}
      onClear={clear}
      onAction={(action) => {
        void BulkDialog.preload().catch(() => undefined);
        setRunning(action);
      }}
    />
  ) : null;
  const count = allMatching ? Math.min(total, MAX_BULK_ROWS) : chosen.length;
  const dialog = running ? (
    <BulkDialog
      api={api}
      action={running}
      target={allMatching ? { query } : { ids: chosen.map((row) => row.id) }}
      count={count}
      onHide={() => setRunning(undefined)}
      onDone={clear}
    />
  ) : null;
  return {
    selection: {
      chosen,
      onChange: (rows) => setChoice({ key: queryKey, rows, all: false }),
      bar,
    },
    dialog,
  };
}
