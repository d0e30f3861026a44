import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Fragment, useState } from 'react';
import { HeaderSlotContext } from '../engine/list/headerSlot';
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
  const [searchSlot, setSearchSlot] = useState<HTMLElement | null>(null);

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
            {MENU.map((entry, index) => (
              <Fragment key={entry.to}>
                {entry.group !== 'main' && entry.group !== MENU[index - 1]?.group && (
                  <li className="menu-group" role="presentation">
                    {t(`menu.groups.${entry.group}`)}
                  </li>
                )}
                <li>
                  <NavLink to={entry.to} className={entry === active ? 'menu-link active' : 'menu-link'} aria-current={entry === active ? 'page' : undefined}>
                    <i className={entry.icon} aria-hidden="true" />
                    <span>{t(entry.label)}</span>
                  </NavLink>
                </li>
              </Fragment>
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
          <div id="global-search-slot" className="header-search" ref={setSearchSlot} />
          <Button type="button"
            icon="pi pi-external-link"
            label={t('menu.publicSite')}
            text
            onClick={() => window.open(config.publicSiteUrl, '_blank', 'noopener')}
            disabled={!config.publicSiteUrl}
          />
        </header>
        <main className="content">
          <HeaderSlotContext.Provider value={searchSlot}>
            <Outlet />
          </HeaderSlotContext.Provider>
        </main>
      </div>
    </div>
  );
}
