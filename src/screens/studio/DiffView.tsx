import { useTranslation } from 'react-i18next';
import type { ScreenDiff } from './studioCalls';

/**
 * A diff of two versions of a screen: the changes in words (`column added: website`,
 * `names.maxLength 255 → 20`) and, when asked, the JSON diff beside them, its added and removed
 * lines marked (by sign and colour).
 */
export function DiffView({ diff, json = true }: { diff: ScreenDiff; json?: boolean }) {
  const { t } = useTranslation();
  const jsonLines = (
    <pre className="studio-json-diff" tabIndex={0} aria-label={t('screens.studio.jsonDiff')}>
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
  // A change the words do not cover (a setting the summary does not name) still shows, as JSON.
  if (!json) return diff.changes.length || !diff.json.trim() ? changes : jsonLines;
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
