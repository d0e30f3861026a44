import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { textsByDottedKey } from '../../../../common/i18nResources';
import { withLabel } from '../draftEdits';
import type { PaneProps } from './paneProps';
import { problemsAt } from './problemsAt';

/** The screen's own texts (titles, menu entry, columns, fields, help), in each interface language the app has. */
export function LabelsPane({ draft, catalog, namespace, problems, update }: PaneProps) {
  const { t } = useTranslation();
  const entries = [...textsByDottedKey(draft.labels)];
  return (
    <div className="studio-pane-section">
      <p className="studio-muted">{t('screens.studio.labelsIntro', { namespace, languages: catalog.languages.map((language) => language.name).join(', ') })}</p>
      <table className="studio-labels">
        <thead>
          <tr>
            <th scope="col">{t('screens.studio.labelKey')}</th>
            {catalog.languages.map((language) => (
              <th key={language.code} scope="col">
                {language.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map(([key, text]) => {
            const found = problemsAt(problems, `labels.${key}`);
            return (
              <tr key={key}>
                <th scope="row">
                  <code>{key}</code>
                </th>
                {catalog.languages.map((language) => (
                  <td key={language.code}>
                    <InputText
                      aria-label={`${key} (${language.name})`}
                      value={text}
                      invalid={found.length > 0}
                      onChange={(event) => update({ labels: withLabel(draft.labels, key, event.target.value) })}
                    />
                    {found.map((problem) => (
                      <small key={problem} className="p-error studio-problem">
                        {problem}
                      </small>
                    ))}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
