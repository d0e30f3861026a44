import { Button } from 'primereact/button';
import { Message } from 'primereact/message';

/** What a stale-version notice says: its heading, the server's message, and its reload button's label. */
export interface StaleNoticeProps {
  title: string;
  message: string;
  reloadLabel: string;
  onReload(): void;
}

/** The notice of a save refused because the sheet changed elsewhere (409), with the way to read it again. */
export function StaleNotice({ title, message, reloadLabel, onReload }: StaleNoticeProps) {
  return (
    <Message
      severity="warn"
      className="sheet-stale"
      content={
        <div className="sheet-stale-body" role="alert">
          <strong>{title}</strong>
          <span>{message}</span>
          <Button type="button" label={reloadLabel} icon="pi pi-refresh" size="small" severity="warning" onClick={onReload} />
        </div>
      }
    />
  );
}
