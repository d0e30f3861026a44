import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { dropKeptChanges, keptChangesOf } from './keptChanges';

/**
 * Offers back the unsaved changes this page kept when the session was lost (see keptChanges.ts):
 * 'Restore my changes' hands them to the page (`onRestore`, which puts them back in its form, where
 * they are unsaved changes again), 'Discard them' forgets them. Place it where the page's form has
 * its record loaded: a restore before the record arrives would be replaced by it.
 */
export function KeptChangesNotice({ onRestore }: { onRestore(value: unknown): void }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const [read, setRead] = useState(() => ({ pathname, kept: keptChangesOf(pathname) }));
  // Another record in the same screen (the route's id changed): its own kept changes.
  if (read.pathname !== pathname) setRead({ pathname, kept: keptChangesOf(pathname) });
  const kept = read.pathname === pathname ? read.kept : undefined;
  if (!kept) return null;

  const close = () => {
    dropKeptChanges(pathname);
    setRead({ pathname, kept: undefined });
  };
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(kept.keptAt);
  return (
    <div className="kept-changes" role="region" aria-labelledby="kept-changes-title">
      <i className="pi pi-history" aria-hidden="true" />
      <div className="kept-changes-text">
        <strong id="kept-changes-title">{t('session.kept.title')}</strong>
        <span>{t('session.kept.message', { time })}</span>
        {kept.filesLeftOut ? <span>{t('session.kept.files')}</span> : null}
      </div>
      <div className="kept-changes-actions">
        <Button
          type="button"
          label={t('session.kept.restore')}
          icon="pi pi-replay"
          size="small"
          onClick={() => {
            onRestore(kept.value);
            close();
          }}
        />
        <Button type="button" label={t('session.kept.discard')} size="small" text onClick={close} />
      </div>
    </div>
  );
}
