import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Message } from 'primereact/message';
import { useNavigate } from 'react-router-dom';
import { pendingReturn, takeReturnPath } from '../../engine/session/returnPath';
import { isApiError } from '../../engine/api/ApiError';
import { queryKeys } from '../../engine/api/queryKeys';
import { login } from '../../engine/api/session';
import { FieldError } from '../../engine/form/FieldError';

/**
 * `/auth/login`: e-mail and password, 'Me connecter'; success goes home, or back to the page the
 * user was on when the session was lost or a page was opened logged out (returnPath.ts). After a
 * lost session it says so, and that the unsaved changes are kept.
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [expired] = useState(() => pendingReturn()?.expired ?? false);
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const { data } = await login(email, password);
      queryClient.setQueryData(queryKeys.me, data);
      navigate(takeReturnPath(), { replace: true });
    } catch (error) {
      if (isApiError(error)) setErrors(error.errors);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="login-card" onSubmit={submit} noValidate>
      <h1>{t('login.title')}</h1>
      {expired ? (
        <Message
          severity="warn"
          className="login-expired"
          content={
            <div>
              <strong>{t('session.expiredTitle')}</strong>
              <p>{t('session.expired')}</p>
            </div>
          }
        />
      ) : null}
      <div className="field">
        <label htmlFor="login-email">{t('login.email')}</label>
        <InputText
          id="login-email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          invalid={Boolean(errors.email)}
          aria-describedby="login-email-error"
          autoFocus
        />
        <FieldError id="login-email-error" messages={errors.email} />
      </div>
      <div className="field">
        <label htmlFor="login-password">{t('login.password')}</label>
        <Password
          inputId="login-password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          feedback={false}
          toggleMask
          className="w-full"
          inputClassName="w-full"
          invalid={Boolean(errors.password)}
          aria-describedby="login-password-error"
        />
        <FieldError id="login-password-error" messages={errors.password} />
      </div>
      <Button type="submit" label={t('login.submit')} loading={busy} className="w-full" />
    </form>
  );
}
