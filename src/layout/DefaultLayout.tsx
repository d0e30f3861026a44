import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Fragment, useMemo, useRef, useState } from 'react';
import { HeaderSlotContext } from '../engine/list/headerSlot';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { logout } from '../engine/api/session';
import { confirmLeaving } from '../engine/form/confirmLeaving';
import { hasUnsavedChanges } from '../engine/session/keptChanges';
import { useScreens } from '../engine/resource/definitions';
import { activeEntry, menuEntries, menuGroups } from './menu';
import { usePermissions } from '../engine/access/usePermissions';
import { useClientConfig } from './useClientConfig';

/**
 * Layout of every logged-in page: left menu (200 px), header (70 px) with the global search slot.
 * Its first focusable element, 'Skip to content' (shown on focus), moves the focus to the page's
 * main content, past the twenty-odd links of the menu and the header.
 */
export function DefaultLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useClientConfig();
  const screens = useScreens();
  const permissions = usePermissions();
  const menu = useMemo(() => menuEntries(screens, permissions), [screens, permissions]);
  const active = activeEntry(pathname, menu);
  const [searchSlot, setSearchSlot] = useState<HTMLElement | null>(null);
  const main = useRef<HTMLElement>(null);

  const leave = async () => {
    try {
      await logout(queryClient);
    } finally {
      queryClient.clear();
      navigate('/auth/login');
    }
  };
  // Logging out leaves the page: unsaved changes are asked about first, as any other way out is.
  const onLogout = () => {
    if (!hasUnsavedChanges()) return void leave();
    confirmLeaving({ leave: () => void leave() });
  };

  return (
    <div className="default-layout">
      <a
        href="#main-content"
        className="skip-link"
        onClick={(event) => {
          // The focus itself, not only the scroll; the URL keeps no fragment.
          event.preventDefault();
          main.current?.focus();
        }}
      >
        {t('layout.skipToContent')}
      </a>
      <aside className="sidebar" aria-label="Main menu">
        <div className="sidebar-brand">{t('app.title')}</div>
        <nav>
          <ul className="menu">
            {menuGroups(menu).map(({ group, entries }) => {
              const links = entries.map((entry) => (
                <li key={entry.to}>
                  <NavLink to={entry.to} className={entry === active ? 'menu-link active' : 'menu-link'} aria-current={entry === active ? 'page' : undefined}>
                    <i className={entry.icon} aria-hidden="true" />
                    <span>{t(entry.label)}</span>
                  </NavLink>
                </li>
              ));
              if (group === 'main') return <Fragment key={group}>{links}</Fragment>;
              // A named group: its heading names its own list (read as such by screen readers).
              return (
                <li key={group} className="menu-section">
                  <span id={`menu-group-${group}`} className="menu-group">
                    {t(`menu.groups.${group}`)}
                  </span>
                  <ul className="menu-sub" aria-labelledby={`menu-group-${group}`}>
                    {links}
                  </ul>
                </li>
              );
            })}
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
          <Button
            type="button"
            icon="pi pi-external-link"
            label={t('menu.publicSite')}
            text
            onClick={() => window.open(config.publicSiteUrl, '_blank', 'noopener')}
            disabled={!config.publicSiteUrl}
          />
        </header>
        <main id="main-content" className="content" ref={main} tabIndex={-1}>
          <HeaderSlotContext.Provider value={searchSlot}>
            <Outlet />
          </HeaderSlotContext.Provider>
        </main>
      </div>
    </div>
  );
}
