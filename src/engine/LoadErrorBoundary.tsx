import { Button } from 'primereact/button';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Says that a part of the page failed to load (its code, most often after an update) and offers a reload. */
function PartNotLoaded() {
  const { t } = useTranslation();
  return (
    <div className="part-not-loaded" role="alert">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <span>{t('errors.partNotLoaded')}</span>
      <Button type="button" label={t('errors.reload')} icon="pi pi-refresh" size="small" text onClick={() => window.location.reload()} />
    </div>
  );
}

/** Shows `PartNotLoaded` instead of a child that threw (its code could not be loaded), leaving the rest of the page usable. */
export class LoadErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? <PartNotLoaded /> : this.props.children;
  }
}
