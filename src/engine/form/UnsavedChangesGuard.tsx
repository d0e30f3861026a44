import { confirmDialog } from 'primereact/confirmdialog';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';

/**
 * Asks before leaving a page with unsaved changes: in-app navigation and closing or reloading the
 * tab. A component of its own (it renders nothing): the router's blocker sets state once mounted,
 * and that renders this component again, not the whole form around it.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }): null {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirmDialog({
      message: t('notices.unsavedChanges'),
      header: t('notices.confirmTitle'),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('notices.leave'),
      rejectLabel: t('notices.stay'),
      defaultFocus: 'reject',
      accept: () => blocker.proceed(),
      reject: () => blocker.reset(),
    });
  }, [blocker, t]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return null;
}
