import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import './app/app.css';
import './i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { setSessionHandlers } from './engine/api/apiClient';
import { queryKeys } from './engine/api/queryKeys';
import { queryClient } from './app/queryClient';
import { router } from './app/router';

setSessionHandlers({
  onUnauthorized: () => {
    queryClient.clear();
    queryClient.setQueryData(queryKeys.me, null);
    void router.navigate('/auth/login');
  },
  onForbidden: () => void router.navigate('/'),
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PrimeReactProvider value={{ ripple: false }}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PrimeReactProvider>
  </StrictMode>,
);
