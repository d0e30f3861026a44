import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiDraftCharacter, AiDraftRecord } from '../../../../common/aiDraft';
import type { ApiRecord } from '../../../engine/api/resourceApi';
import { characterIndex, normalizeName, type SheetCharacter, type Transfer } from './transfers';

interface CharactersComparisonProps {
  /** The sheet as stored, whose characters an AI character can replace. */
  stored: ApiRecord;
  /** The sheet with the transfers made. */
  sheet: ApiRecord;
  draft: AiDraftRecord;
  transfers: readonly Transfer[];
  onTransfer(transfer: Transfer): void;
  onUndo(key: string): void;
}

/** The target 'a new character' (ids start at 1). */
const NEW = 0;

/** What a character says in one language: its characterisation, issue and evolution. */
function CharacterTexts({ texts }: { texts: (string | undefined)[] }) {
  const shown = texts.filter((text): text is string => Boolean(text?.trim()));
  return shown.length ? (
    <>
      {shown.map((text, index) => (
        <p key={index} className="cmp-character-text">
          {text}
        </p>
      ))}
    </>
  ) : null;
}

/** One AI character: its texts, where it goes (a new character, or replacing a saved one), and its transfer or undo. */
function AiCharacterCard({
  character,
  index,
  stored,
  taken,
  transfer,
  onTransfer,
  onUndo,
}: {
  character: AiDraftCharacter;
  index: number;
  stored: SheetCharacter[];
  /** Saved characters another AI character replaces already. */
  taken: ReadonlySet<unknown>;
  transfer: Transfer | undefined;
  onTransfer(transfer: Transfer): void;
  onUndo(key: string): void;
}) {
  const { t } = useTranslation();
  const key = `characters.${index}`;
  const namesake = stored.find((saved) => normalizeName(saved.name) === normalizeName(character.name));
  // 0 is no saved character's id: a new one (the dropdown shows no label for a null value).
  const [chosen, setTarget] = useState<number>(namesake?.id ?? NEW);
  const free = stored.filter((saved) => !taken.has(saved.id));
  const target = free.some((saved) => saved.id === chosen) ? chosen : NEW;
  const options = [
    { value: NEW, label: t('screens.reading-sheets.aiComparison.characters.add') },
    ...free.map((saved) => ({ value: saved.id!, label: t('screens.reading-sheets.aiComparison.characters.replace', { name: saved.name }) })),
  ];
  const replaced = stored.find((saved) => saved.id === transfer?.value);
  return (
    <div className={`cmp-character ai${transfer ? ' transferred' : ''}`} data-character={key}>
      <div className="cmp-character-head">
        <strong>{character.name}</strong>
        {transfer ? (
          <span className="cmp-tag">
            {replaced
              ? t('screens.reading-sheets.aiComparison.characters.replaces', { name: replaced.name })
              : t('screens.reading-sheets.aiComparison.characters.added')}
          </span>
        ) : null}
      </div>
      <CharacterTexts texts={[character.characterisation, character.issue, character.evolution]} />
      <div className="cmp-character-actions">
        {transfer ? (
          <Button
            type="button"
            icon="pi pi-undo"
            size="small"
            text
            severity="secondary"
            label={t('screens.reading-sheets.aiComparison.characters.undo', { name: character.name })}
            onClick={() => onUndo(key)}
          />
        ) : (
          <>
            <Dropdown
              value={target}
              options={options}
              onChange={(event) => setTarget(event.value as number)}
              // The input and the trigger button, each named.
              aria-label={`${t('screens.reading-sheets.aiComparison.characters.target')}: ${character.name}`}
              ariaLabel={`${t('screens.reading-sheets.aiComparison.characters.target')}: ${character.name}`}
              className="cmp-character-target"
            />
            <Button
              type="button"
              icon="pi pi-arrow-left"
              size="small"
              outlined
              label={t('screens.reading-sheets.aiComparison.characters.transfer', { name: character.name })}
              onClick={() => onTransfer({ key, value: target === NEW ? undefined : target })}
            />
          </>
        )}
      </div>
    </div>
  );
}

/**
 * The CHARACTERS section: the sheet's characters (left, as they will be saved) and the draft's
 * (right). Each AI character is added, or replaces the saved character chosen (the one of the same
 * name is proposed), in the draft's language.
 */
export function CharactersComparison({ stored, sheet, draft, transfers, onTransfer, onUndo }: CharactersComparisonProps) {
  const { t } = useTranslation();
  const storedCharacters = ((stored.characters as SheetCharacter[] | undefined) ?? []).filter((character) => character.id !== undefined);
  const current = (sheet.characters as SheetCharacter[] | undefined) ?? [];
  const changed = new Set(transfers.filter((transfer) => characterIndex(transfer.key) !== undefined).map((transfer) => transfer.value));
  const locale = draft.locale;
  return (
    <div className="cmp-row cmp-characters">
      <div className="cmp-label">{t('screens.reading-sheets.fields.characters')}</div>
      <div className="cmp-saved">
        {current.length ? (
          current.map((character, index) => (
            <div
              key={character.id ?? character.key ?? index}
              className={`cmp-character${character.id === undefined || changed.has(character.id) ? ' transferred' : ''}`}
            >
              <div className="cmp-character-head">
                <strong>{character.name}</strong>
                {character.id === undefined ? <span className="cmp-tag">{t('screens.reading-sheets.aiComparison.characters.added')}</span> : null}
                {character.id !== undefined && changed.has(character.id) ? (
                  <span className="cmp-tag">{t('screens.reading-sheets.aiComparison.transferred')}</span>
                ) : null}
              </div>
              <CharacterTexts texts={[character.characterisations?.[locale], character.issues?.[locale], character.evolutions?.[locale]]} />
            </div>
          ))
        ) : (
          <span className="cmp-empty">{t('screens.reading-sheets.aiComparison.characters.none')}</span>
        )}
      </div>
      <div className="cmp-action" />
      <div className="cmp-ai">
        {draft.characters.length ? (
          draft.characters.map((character, index) => (
            <AiCharacterCard
              key={index}
              character={character}
              index={index}
              stored={storedCharacters}
              taken={changed}
              transfer={transfers.find((transfer) => transfer.key === `characters.${index}`)}
              onTransfer={onTransfer}
              onUndo={onUndo}
            />
          ))
        ) : (
          <span className="cmp-empty">{t('screens.reading-sheets.aiComparison.nothingProposed')}</span>
        )}
      </div>
    </div>
  );
}
