import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { takeReturnPath } from '../../engine/session/returnPath';
import { queryKeys } from '../../engine/api/queryKeys';
import { LoginForm } from './LoginForm';

/**
 * `/auth/login` inside the app (a lost session sends the user here without leaving the page):
 * success goes home, or back to the page the user was on (returnPath.ts). A cold load of the
 * address opens the login page's own entry instead (./loginPage.tsx), with the same form.
 */
export function LoginScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <LoginForm
      onLoggedIn={(admin) => {
        queryClient.setQueryData(queryKeys.me, admin);
        navigate(takeReturnPath(), { replace: true });
      }}
    />
  );
}
