/**
 * The login page opened cold (`/auth/login` loaded from the address bar, a bookmark or a reload):
 * its own entry (login.html), so it carries React, the strings and the form, not the app (the
 * router, PrimeReact's components, the data cache). Another page opened logged out is the app's,
 * whose guard shows the same form in place. A logged-in visitor never sees this page: the server
 * sends them home (server/plugins/clientFiles.ts).
 */
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import '../../app/app.css';
import '../../i18n';
import { StrictMode, useEffect, useRef, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { notify, subscribeNotices, type Notice } from '../../engine/notify/notifications';
import { takeReturnPath } from '../../engine/session/returnPath';
import { LoginForm } from './LoginForm';

const goOn = () => window.location.replace(takeReturnPath());

/**
 * The toasts (a wrong password is also said in one): PrimeReact's Toast is loaded with the first
 * notice, which is then shown again once it is there.
 */
function DeferredNotifications() {
  const [Toasts, setToasts] = useState<ComponentType | null>(null);
  const waiting = useRef<Notice[]>([]);
  useEffect(() => {
    if (Toasts) {
      // The toasts listen now (a child's effect runs before its parent's): the notices said meanwhile.
      for (const notice of waiting.current.splice(0)) notify(notice);
      return undefined;
    }
    return subscribeNotices((notice) => {
      waiting.current.push(notice);
      void import('../../layout/Notifications').then(({ Notifications }) => setToasts(() => Notifications));
    });
  }, [Toasts]);
  return Toasts ? <Toasts /> : null;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main className="empty-layout">
      <LoginForm onLoggedIn={goOn} />
    </main>
    <DeferredNotifications />
  </StrictMode>,
);
