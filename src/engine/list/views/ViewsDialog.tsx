import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/ApiError';
import type { ViewAnswer } from '../../api/viewsApi';
import { confirmDeletion } from '../../notify/confirmDeletion';
import { notify } from '../../notify/notifications';
import type { ListViews } from './useListViews';
import type { ViewContent } from './viewAddress';

export interface ViewsDialogProps {
  visible: boolean;
  onHide(): void;
  views: ListViews;
  /** The list as the address shows it now: what 'Save' keeps. */
  current: ViewContent;
  /** The view the address shows, if it is one. */
  active: ViewAnswer | undefined;
  /** The reader's view the list was opened from and has changed since: 'Update' keeps the change in it. */
  updatable: ViewAnswer | undefined;
  onOpen(view: ViewAnswer): void;
  /** A view just saved from the list (it is then the one the list shows). */
  onSaved(view: ViewAnswer): void;
}

type Mode = { kind: 'list' } | { kind: 'save' } | { kind: 'rename'; view: ViewAnswer };

/**
 * The Views dialog of a list (docs/saved-views.md): the reader's views and the shared ones, each
 * opened with one click; the default one marked and chosen with its star; the reader's own views
 * renamed, shared or made private again, updated with the list as it is now, deleted. 'Save the
 * list as a view' keeps the search, filters, page size and columns shown now, under a name.
 */
export function ViewsDialog({ visible, onHide, views, current, active, updatable, onOpen, onSaved }: ViewsDialogProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const done = (message: string) => notify({ severity: 'success', summary: t('notices.success'), detail: message });
  const run = async (work: () => Promise<unknown>, message: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
      done(message);
      setMode({ kind: 'list' });
    } catch (failure) {
      // A refusal of the name is said under the field; anything else in a toast (the data client's).
      if (isApiError(failure) && failure.errors?.name) setError(failure.errors.name[0]);
    } finally {
      setBusy(false);
    }
  };
  const startSave = () => {
    setName('');
    setShared(false);
    setError(undefined);
    setMode({ kind: 'save' });
  };
  const startRename = (view: ViewAnswer) => {
    setName(view.name);
    setError(undefined);
    setMode({ kind: 'rename', view });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('views.nameRequired'));
      return;
    }
    if (mode.kind === 'save')
      void run(
        async () => onSaved(await views.create({ name: name.trim(), query: current.query, columns: current.columns, shared })),
        t('views.saved', { name: name.trim() }),
      );
    else if (mode.kind === 'rename') void run(() => views.update(mode.view.id, { name: name.trim() }), t('views.renamed', { name: name.trim() }));
  };

  const form =
    mode.kind === 'list' ? null : (
      <form className="views-form" onSubmit={submit} noValidate>
        <h3 className="views-form-title">{mode.kind === 'save' ? t('views.saveTitle') : t('views.renameTitle', { name: mode.view.name })}</h3>
        <label htmlFor="view-name">{t('views.name')}</label>
        <InputText
          id="view-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={100}
          autoFocus
          invalid={error !== undefined}
          aria-describedby={error ? 'view-name-error' : undefined}
        />
        {error ? (
          <small id="view-name-error" className="p-error" role="alert">
            {error}
          </small>
        ) : null}
        {mode.kind === 'save' ? (
          <div className="views-form-shared">
            <Checkbox inputId="view-shared" checked={shared} onChange={(event) => setShared(Boolean(event.checked))} />
            <label htmlFor="view-shared">{t('views.shareWithEveryone')}</label>
          </div>
        ) : null}
        <div className="views-form-actions">
          <Button type="button" label={t('views.cancel')} outlined onClick={() => setMode({ kind: 'list' })} />
          <Button type="submit" label={t('views.save')} icon="pi pi-check" loading={busy} />
        </div>
      </form>
    );

  return (
    <Dialog header={t('views.title')} visible={visible} onHide={onHide} onShow={() => setMode({ kind: 'list' })} className="views-dialog" modal>
      {views.views.length === 0 ? <p className="views-empty">{views.loading ? t('app.loading') : t('views.none')}</p> : null}
      <ul className="views-list">
        {views.views.map((view) => (
          <li key={view.id} className={view.id === active?.id ? 'views-item views-item-active' : 'views-item'}>
            <button type="button" className="views-open" aria-current={view.id === active?.id ? 'true' : undefined} onClick={() => onOpen(view)}>
              {view.name}
            </button>
            <span className="views-tags">
              {view.shared ? <span className="views-tag">{view.mine ? t('views.sharedByYou') : t('views.sharedBy', { name: view.author.name })}</span> : null}
              {view.is_default ? <span className="views-tag views-tag-default">{t('views.default')}</span> : null}
            </span>
            <span className="views-actions">
              <ViewAction
                icon={view.is_default ? 'pi pi-star-fill' : 'pi pi-star'}
                pressed={view.is_default}
                label={t('views.makeDefault', { name: view.name })}
                onClick={() =>
                  void run(
                    () => views.setDefault(view.is_default ? null : view.id),
                    view.is_default ? t('views.defaultCleared') : t('views.defaultSet', { name: view.name }),
                  )
                }
              />
              {view.mine ? (
                <>
                  <ViewAction icon="pi pi-pencil" label={t('views.rename', { name: view.name })} onClick={() => startRename(view)} />
                  <ViewAction
                    icon={view.shared ? 'pi pi-users' : 'pi pi-user'}
                    pressed={view.shared}
                    label={t('views.share', { name: view.name })}
                    onClick={() =>
                      void run(
                        () => views.update(view.id, { shared: !view.shared }),
                        view.shared ? t('views.madePrivate', { name: view.name }) : t('views.madeShared', { name: view.name }),
                      )
                    }
                  />
                  <ViewAction
                    icon="pi pi-trash"
                    danger
                    label={t('views.delete', { name: view.name })}
                    onClick={() => confirmDeletion({ accept: () => void run(() => views.remove(view.id), t('views.deleted', { name: view.name })) })}
                  />
                </>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {form ?? (
        <div className="views-footer">
          {updatable ? (
            <Button
              type="button"
              label={t('views.update', { name: updatable.name })}
              icon="pi pi-refresh"
              outlined
              onClick={() =>
                void run(() => views.update(updatable.id, { query: current.query, columns: current.columns }), t('views.updated', { name: updatable.name }))
              }
            />
          ) : null}
          <Button type="button" label={t('views.saveAs')} icon="pi pi-bookmark" onClick={startSave} />
        </div>
      )}
    </Dialog>
  );
}

/** One action on a view: an icon button named for what it does to that view (a toggle says whether it is on). */
function ViewAction({ icon, label, pressed, danger, onClick }: { icon: string; label: string; pressed?: boolean; danger?: boolean; onClick(): void }) {
  return (
    <Button
      type="button"
      icon={icon}
      text
      rounded
      size="small"
      {...(danger ? { severity: 'danger' as const } : {})}
      aria-pressed={pressed}
      aria-label={label}
      onClick={onClick}
    />
  );
}
