import { Button } from 'primereact/button';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenDiff } from './studioCalls';

/**
 * A diff of two versions of a screen: the changes in words, by labels (`New list column: English
 * name`, `Name: at most 20 characters (was 255)`), and the JSON diff, its added and removed lines
 * marked (by sign and colour): beside them (`json`), or one click away ('Show the JSON diff').
 */
export function DiffView({ diff, json = true }: { diff: ScreenDiff; json?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const jsonId = useId();
  const jsonLines = (
    <pre id={jsonId} className="studio-json-diff" tabIndex={0} aria-label={t('screens.studio.jsonDiff')}>
      {diff.json.split('\n').map((line, index) => (
        <span key={index} className={line.startsWith('+') ? 'is-added' : line.startsWith('-') ? 'is-removed' : undefined}>
          {line}
          {'\n'}
        </span>
      ))}
    </pre>
  );
  const changes = diff.changes.length ? (
    <ul className="studio-changes">
      {diff.changes.map((change) => (
        <li key={change}>{change}</li>
      ))}
    </ul>
  ) : (
    <p className="studio-muted">{t('screens.studio.noChanges')}</p>
  );
  if (!json) {
    // A change the words do not cover still shows, as JSON.
    if (!diff.changes.length && diff.json.trim()) return jsonLines;
    return (
      <>
        {changes}
        {diff.json.trim() ? (
          <>
            <Button
              type="button"
              text
              size="small"
              icon={open ? 'pi pi-chevron-down' : 'pi pi-chevron-right'}
              label={t(open ? 'screens.studio.hideJsonDiff' : 'screens.studio.showJsonDiff')}
              aria-expanded={open}
              aria-controls={open ? jsonId : undefined}
              onClick={() => setOpen(!open)}
            />
            {open ? jsonLines : null}
          </>
        ) : null}
      </>
    );
  }
  return (
    <div className="studio-side-by-side">
      <section>
        <h4>{t('screens.studio.semanticDiff')}</h4>
        {changes}
      </section>
      <section>
        <h4>{t('screens.studio.jsonDiff')}</h4>
        {jsonLines}
      </section>
    </div>
  );
}
