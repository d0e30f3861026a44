import { confirmLeaving } from './confirmLeaving';
import { useEffect } from 'react';
import { useBlocker, useLocation } from 'react-router-dom';
import { isSessionLost, registerKeeper, type Keeper } from '../session/keptChanges';

export interface UnsavedChangesGuardProps {
  dirty: boolean;
  /**
   * The page's unsaved changes as its `KeptChangesNotice` restores them, and whether new files
   * were chosen (they cannot be kept), or undefined when it has none. Written to session storage
   * when the session is lost (401), which is usually while saving: `dirty` is false then (the
   * page's own navigation after a save is not asked about), so `keep` says it itself.
   */
  keep?: Keeper;
}

/**
 * Asks before leaving a page with unsaved changes: in-app navigation and closing or reloading the
 * tab. A component of its own (it renders nothing): the router's blocker sets state once mounted,
 * and that renders this component again, not the whole form around it. With `keep`, the changes
 * are also kept for the page's path when the session is lost, and offered back after logging in;
 * the way to the login page is then not asked about (nothing is lost on it).
 */
export function UnsavedChangesGuard({ dirty, keep }: UnsavedChangesGuardProps): null {
  const { pathname } = useLocation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname && !isSessionLost());
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirmLeaving({ leave: () => blocker.proceed(), stay: () => blocker.reset() });
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  // Registered again with each render's `keep` (a map entry: cheaper than any bookkeeping).
  useEffect(() => {
    if (!keep) return;
    return registerKeeper(pathname, keep);
  }, [keep, pathname]);
  return null;
}
