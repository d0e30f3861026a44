import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import './app/app.css';
// First: sends the session check and the record's request while the modules below are evaluated.
import './app/earlyRequests';
import './i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { setSessionHandlers } from './engine/api/apiClient';
import { preloadDeferred } from './engine/deferred';
import { queryKeys } from './engine/api/queryKeys';
import { queryClient } from './app/queryClient';
import { router } from './app/router';
import { rememberReturnPath } from './engine/session/returnPath';

setSessionHandlers({
  // The forms' unsaved changes are already kept (apiClient); back to this page once logged in.
  onUnauthorized: () => {
    const { pathname, search } = router.state.location;
    queryClient.clear();
    queryClient.setQueryData(queryKeys.me, null);
    rememberReturnPath(pathname + search, true);
    void router.navigate('/auth/login');
  },
  onForbidden: () => void router.navigate('/'),
});

/**
 * PrimeReact's own settings. Three of its markups are fixed for assistive technologies through its
 * pass-through options: the Dropdown's hidden native select (a copy of the value for forms, never
 * focused) is hidden from them, as it has no label of its own; the InputSwitch's wrapper loses its
 * checkbox role, which nested a second control around the real one (its `role="switch"` input);
 * the TreeSelect's nameless arrow button is hidden (its combobox opens the same panel). And an
 * input shown invalid is `aria-invalid`.
 */
/** A field PrimeReact shows as invalid says so to assistive technologies too (its red border alone does not). */
const invalidAnnounced = ({ props }: { props: { invalid?: boolean } }) => (props.invalid ? { 'aria-invalid': true } : {});

const PRIME_REACT = {
  ripple: false,
  pt: {
    dropdown: { select: { 'aria-hidden': true } },
    inputswitch: { root: { role: undefined, 'aria-checked': undefined } },
    // The TreeSelect's arrow is a second, nameless button beside its focusable combobox (which
    // opens the same panel with the keyboard): hidden from assistive technologies.
    treeselect: { trigger: { 'aria-hidden': true } },
    inputtext: { root: invalidAnnounced },
    inputtextarea: { root: invalidAnnounced },
  },
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PrimeReactProvider value={PRIME_REACT}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PrimeReactProvider>
  </StrictMode>,
);

// The code kept out of the first script loads in the background once the first page has settled.
const whenIdle = (task: () => void) => (window.requestIdleCallback ? window.requestIdleCallback(task, { timeout: 2000 }) : window.setTimeout(task, 0));
window.addEventListener('load', () => window.setTimeout(() => whenIdle(() => void preloadDeferred()), 1500), { once: true });
