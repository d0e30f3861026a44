import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { isApiError } from '../../engine/api/ApiError';
import { call } from '../../engine/api/apiClient';
import { FieldError } from '../../engine/form/FieldError';
import { notify } from '../../engine/notify/notifications';
import './setPassword.css';

/** The link's token, from the address's fragment (a browser never sends it to a server). */
const tokenOf = (hash: string) => decodeURIComponent(hash.replace(/^#/, ''));

type LinkState = { phase: 'checking' } | { phase: 'open'; firstname: string; email: string } | { phase: 'gone'; message: string };

const callOptions = { silentSuccess: true, noErrorToast: true, outsideSession: true } as const;

/**
 * `/auth/set-password#<token>`: the page of the link mailed to an administrator who has no
 * password (one restored from the history). The token is taken out of the address at once; the
 * page says whose account it is, or in words that the link no longer works, and sets the password
 * typed twice, then goes to the login page, which says it is set.
 */
export function SetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [token] = useState(() => tokenOf(window.location.hash));
  const [link, setLink] = useState<LinkState>(token ? { phase: 'checking' } : { phase: 'gone', message: t('setPassword.noLink') });
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [shown, setShown] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // Out of the address, the history and any screenshot of it.
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!token) return undefined;
    let live = true;
    call<{ data: { firstname: string; email: string } }>('post', 'auth/password-link', { json: { token }, ...callOptions })
      .then(({ data }) => live && setLink({ phase: 'open', ...data }))
      .catch((error: unknown) => live && setLink({ phase: 'gone', message: isApiError(error) ? error.message : t('notices.unexpectedError') }));
    return () => {
      live = false;
    };
  }, [token, t]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== repeated) {
      setErrors({ repeated: [t('setPassword.differ')] });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const answer = await call<{ message: string }>('post', 'auth/set-password', { json: { token, password }, ...callOptions });
      notify({ severity: 'success', summary: t('notices.success'), detail: answer.message });
      navigate('/auth/login', { replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 404) setLink({ phase: 'gone', message: error.message });
      else if (isApiError(error) && Object.keys(error.errors).length) setErrors(error.errors);
      else setErrors({ password: [isApiError(error) ? error.message : t('notices.unexpectedError')] });
    } finally {
      setBusy(false);
    }
  };

  if (link.phase !== 'open') {
    return (
      <section className="login-card set-password" aria-busy={link.phase === 'checking'}>
        <h1>{t('setPassword.title')}</h1>
        {link.phase === 'checking' ? (
          <p role="status">{t('setPassword.checking')}</p>
        ) : (
          <>
            <div className="p-inline-message p-component p-inline-message-warn set-password-gone" role="alert">
              <span className="p-inline-message-icon pi pi-exclamation-triangle" aria-hidden="true" />
              <p>{link.message}</p>
            </div>
            <Link className="set-password-login" to="/auth/login">
              {t('setPassword.toLogin')}
            </Link>
          </>
        )}
      </section>
    );
  }

  const invalid = (field: string) => (errors[field] ? ' p-invalid' : '');
  const passwordField = (id: string, field: 'password' | 'repeated', value: string, onChange: (value: string) => void) => (
    <div className="field">
      <label htmlFor={id}>{t(`setPassword.${field}`)}</label>
      <input
        id={id}
        className={`p-inputtext p-component w-full${invalid(field)}`}
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={field === 'password' ? `${id}-help ${id}-error` : `${id}-error`}
        {...(field === 'password' ? { autoFocus: true } : {})}
      />
      {field === 'password' ? (
        <small id={`${id}-help`} className="set-password-help">
          {t('setPassword.help')}
        </small>
      ) : null}
      <FieldError id={`${id}-error`} messages={errors[field]} />
    </div>
  );

  return (
    <form className="login-card set-password" onSubmit={submit} noValidate>
      <h1>{t('setPassword.title')}</h1>
      <p className="set-password-account">{t('setPassword.account', { firstname: link.firstname, email: link.email })}</p>
      {/* The account's e-mail, for the browser's password manager to file the new password under. */}
      <input type="email" autoComplete="username" value={link.email} readOnly hidden />
      {passwordField('set-password-new', 'password', password, setPassword)}
      {passwordField('set-password-repeat', 'repeated', repeated, setRepeated)}
      <label className="set-password-show">
        <input type="checkbox" checked={shown} onChange={(e) => setShown(e.target.checked)} />
        {t('setPassword.show')}
      </label>
      <button type="submit" className={`p-button p-component w-full${busy ? ' p-button-loading' : ''}`} disabled={busy} aria-busy={busy}>
        {busy ? <span className="p-button-icon p-button-icon-left pi pi-spin pi-spinner" aria-hidden="true" /> : null}
        <span className="p-button-label">{t('setPassword.submit')}</span>
      </button>
    </form>
  );
}
