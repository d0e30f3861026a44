import { Toast } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { subscribeNotices } from '../engine/notify/notifications';

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
  return <Toast ref={toast} position="top-right" />;
}
