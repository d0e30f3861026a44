import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { pendingReturn } from '../../engine/session/returnPath';
import { isApiError } from '../../engine/api/ApiError';
import { login, type CurrentAdmin } from '../../engine/api/session';
import { FieldError } from '../../engine/form/FieldError';

/**
 * The login form: e-mail and password, 'Me connecter'. After a lost session it says so, and that
 * the unsaved changes are kept. Plain elements in PrimeReact's theme classes (no PrimeReact script):
 * the login page opened cold is its own small entry (./loginPage.tsx), and the app's route shows
 * the same form (./LoginScreen.tsx).
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (admin: CurrentAdmin) => void }) {
  const { t } = useTranslation();
  const [expired] = useState(() => pendingReturn()?.expired ?? false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const { data } = await login(email, password);
      onLoggedIn(data);
    } catch (error) {
      if (isApiError(error)) setErrors(error.errors);
    } finally {
      setBusy(false);
    }
  };
  const invalid = (field: string) => (errors[field] ? ' p-invalid' : '');

  return (
    <form className="login-card" onSubmit={submit} noValidate>
      <h1>{t('login.title')}</h1>
      {expired ? (
        <div className="p-inline-message p-component p-inline-message-warn login-expired" role="status">
          <span className="p-inline-message-icon pi pi-exclamation-triangle" aria-hidden="true" />
          <div>
            <strong>{t('session.expiredTitle')}</strong>
            <p>{t('session.expired')}</p>
          </div>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="login-email">{t('login.email')}</label>
        <input
          id="login-email"
          className={`p-inputtext p-component w-full${invalid('email')}`}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby="login-email-error"
          autoFocus
        />
        <FieldError id="login-email-error" messages={errors.email} />
      </div>
      <div className="field">
        <label htmlFor="login-password">{t('login.password')}</label>
        <div className="login-password p-input-icon-right w-full">
          <input
            id="login-password"
            className={`p-inputtext p-component w-full${invalid('password')}`}
            type={shown ? 'text' : 'password'}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby="login-password-error"
          />
          <button
            type="button"
            className="login-password-toggle"
            aria-label={t(shown ? 'login.hidePassword' : 'login.showPassword')}
            aria-pressed={shown}
            onClick={() => setShown((value) => !value)}
          >
            <span className={`pi ${shown ? 'pi-eye-slash' : 'pi-eye'}`} aria-hidden="true" />
          </button>
        </div>
        <FieldError id="login-password-error" messages={errors.password} />
      </div>
      <button type="submit" className={`p-button p-component w-full${busy ? ' p-button-loading' : ''}`} disabled={busy} aria-busy={busy}>
        {busy ? <span className="p-button-icon p-button-icon-left pi pi-spin pi-spinner" aria-hidden="true" /> : null}
        <span className="p-button-label">{t('login.submit')}</span>
      </button>
    </form>
  );
}
