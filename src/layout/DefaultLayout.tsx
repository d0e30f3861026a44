import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { logout } from '../engine/api/session';
import { activeEntry, MENU } from './menu';
import { useClientConfig } from './useClientConfig';

/** Layout of every logged-in page: left menu (200 px), header (70 px) with the global search slot. */
export function DefaultLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useClientConfig();
  const active = activeEntry(pathname);

  const onLogout = async () => {
    try {
      await logout();
    } finally {
      queryClient.clear();
      navigate('/auth/login');
    }
  };

  return (
    <div className="default-layout">
      <aside className="sidebar" aria-label="Main menu">
        <div className="sidebar-brand">{t('app.title')}</div>
        <nav>
          <ul className="menu">
            {MENU.map((entry) => (
              <li key={entry.to}>
                <NavLink to={entry.to} className={entry === active ? 'menu-link active' : 'menu-link'}>
                  <i className={entry.icon} aria-hidden="true" />
                  <span>{t(entry.label)}</span>
                </NavLink>
              </li>
            ))}
            <li>
              <button type="button" className="menu-link" onClick={onLogout}>
                <i className="pi pi-sign-out" aria-hidden="true" />
                <span>{t('menu.logout')}</span>
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="main-column">
        <header className="header">
          <div id="global-search-slot" className="header-search" />
          <Button
            icon="pi pi-external-link"
            label={t('menu.publicSite')}
            text
            onClick={() => window.open(config.publicSiteUrl, '_blank', 'noopener')}
            disabled={!config.publicSiteUrl}
          />
        </header>
        <main className="content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
