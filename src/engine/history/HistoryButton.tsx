import { Button } from 'primereact/button';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { deferred } from '../deferred';
import { prefetchRecordHistory } from './useRecordHistory';
import type { HistoryDrawerProps } from './HistoryDrawer';

/** The drawer's code (its list, diffs and dialogs) loads when it is first opened. */
const HistoryDrawer = deferred(() => import('./HistoryDrawer').then((m) => m.HistoryDrawer));

export type HistoryButtonProps = Omit<HistoryDrawerProps, 'visible' | 'onHide'> & {
  /** The size of the page's other header buttons (the reading sheet's AI actions are small). */
  size?: 'small' | undefined;
};

/**
 * 'History' in the header of a record's form: opens the record's history drawer, and gets the
 * focus back when it closes. For an existing record only (the page does not show it on create).
 */
export function HistoryButton({ size, ...props }: HistoryButtonProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const readAhead = () => {
    void prefetchRecordHistory(queryClient, props.api, props.recordId);
    void HistoryDrawer.preload().catch(() => undefined);
  };
  const [opened, setOpened] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  return (
    <>
      <Button
        type="button"
        label={t('history.open')}
        icon="pi pi-history"
        outlined
        size={size}
        aria-haspopup="dialog"
        onPointerEnter={readAhead}
        onFocus={readAhead}
        onClick={(event) => {
          opener.current = event.currentTarget;
          // Opened once its code is there (in a few ms, from the cache after the first time):
          // mounted while loading, it would suspend, and React holds back a suspended part's
          // content for 300 ms after its fallback (the drawer took 0.45 s to open instead of 0.15).
          // A failed load still opens it: its boundary says so, with a reload button.
          const show = () => {
            setOpened(true);
            setOpen(true);
          };
          HistoryDrawer.preload().then(show, show);
        }}
      />
      {opened ? (
        <HistoryDrawer
          {...props}
          visible={open}
          onHide={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
