import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'primereact/dialog';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useTranslation } from 'react-i18next';
import { AI_RATING_TYPES, type AiDraftNameField, type AiDraftTextField } from '../../../../common/aiDraft';
import { queryKeys } from '../../../engine/api/queryKeys';
import { comparisonOf, rowLabel } from '../aiComparison/comparisonSections';
import { useSheetForm } from '../sheetForm';
import { aiCalls, draftMadeWith } from './aiCalls';

/**
 * 'See AI result' (SPEC §2): the sheet's AI draft, read-only: its texts, ratings and characters,
 * and how it was made (model, language, source, tokens, duration, what the server corrected). The
 * criteria, as ids, are compared with the sheet's on the AI comparison screen.
 */
export function AiResultDialog({ sheetId, onClose }: { sheetId: string; onClose(): void }) {
  const { t } = useTranslation();
  const form = useSheetForm();
  // The draft's texts and names as the comparison shows them (every map the AI drafts, common/aiDraft.ts), each with its editor label.
  const texts = comparisonOf(form)
    .sections.flatMap((section) => section.rows)
    .flatMap((row): { field: AiDraftTextField | AiDraftNameField; label: string }[] =>
      row.kind === 'text' ? [{ field: row.key, label: rowLabel(row, form) }] : row.kind === 'name' ? [{ field: row.from, label: rowLabel(row, form) }] : [],
    );
  const answer = useQuery({ queryKey: queryKeys.related('books', sheetId, 'ai-result'), queryFn: ({ signal }) => aiCalls.aiBook(sheetId, signal) });
  const draft = answer.data?.aiBook;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : '-');
  const ratings = (draft?.ratings ?? {}) as Record<string, number>;
  const characters = (draft?.characters ?? []) as { name: string; characterisation?: string }[];
  const corrections = (draft?.corrections ?? []) as string[];
  return (
    <Dialog
      header={t('screens.reading-sheets.ai.result')}
      visible
      modal
      onHide={onClose}
      className="ai-result-dialog"
      style={{ width: 'min(60rem, 95vw)' }}
      // A long draft scrolls: its region takes the keyboard focus, so it scrolls with the keys too.
      pt={{ content: { tabIndex: 0 } }}
    >
      {answer.isLoading ? (
        <ProgressSpinner />
      ) : !draft ? (
        <p>{t('screens.reading-sheets.ai.noDraft')}</p>
      ) : (
        <>
          <p>{draftMadeWith(t, draft)}</p>
          <dl>
            {texts.map(({ field, label }) => (
              <div key={field} style={{ display: 'contents' }}>
                <dt>{t(label)}</dt>
                <dd>{text(draft[field])}</dd>
              </div>
            ))}
          </dl>
          <h3>{t('screens.reading-sheets.ai.ratings')}</h3>
          <dl>
            {AI_RATING_TYPES.map((type) => (
              <div key={type} style={{ display: 'contents' }}>
                <dt>{t(`screens.reading-sheets.ai.ratingTypes.${type}`)}</dt>
                <dd>{ratings[type] ?? '-'} / 4</dd>
              </div>
            ))}
          </dl>
          <h3>{t('screens.reading-sheets.ai.characters')}</h3>
          {characters.length ? (
            <ul>
              {characters.map((character, index) => (
                <li key={index}>
                  <strong>{character.name}</strong>
                  {character.characterisation ? `: ${character.characterisation}` : ''}
                </li>
              ))}
            </ul>
          ) : (
            <p>-</p>
          )}
          {corrections.length ? (
            <>
              <h3>{t('screens.reading-sheets.ai.corrections')}</h3>
              <ul>
                {corrections.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
