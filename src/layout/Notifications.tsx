import { Toast } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { subscribeNotices } from '../engine/notify/notifications';

/**
 * Where the toasts stand: under the 70 px header, centred on the page's column. In the header's
 * corner (PrimeReact's own place) a toast covered 'Open the public site' for 8 s; at the right under
 * the header it covered the page's own buttons (Create, 'See AI result', the very button a toast
 * may name). The middle of the page's title row holds no control.
 */
const UNDER_THE_HEADER = { root: { style: { top: 'calc(var(--header-height) + 0.75rem)', left: 'calc(50% + var(--sidebar-width) / 2)' } } } as const;

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
  return <Toast ref={toast} position="top-center" pt={UNDER_THE_HEADER} />;
}
