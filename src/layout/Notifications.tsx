import { Toast } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { subscribeNotices } from '../engine/notify/notifications';

/**
 * Where the toasts stand: at the top right, under the 70 px header, so that none covers its search
 * or its 'Open the public site' button (PrimeReact's own place, 20 px from the top, did for 8 s).
 */
const UNDER_THE_HEADER = { root: { style: { top: 'calc(var(--header-height) + 0.75rem)' } } } as const;

/** Shows every notice sent with notify() as a PrimeReact toast. */
export function Notifications() {
  const toast = useRef<Toast>(null);
  useEffect(
    () =>
      subscribeNotices(
        (notice) => toast.current?.show(notice),
        () => toast.current?.clear(),
      ),
    [],
  );
  // Through the pass-through options: the component's own inline place ignores its `style` prop.
  return <Toast ref={toast} position="top-right" pt={UNDER_THE_HEADER} />;
}
