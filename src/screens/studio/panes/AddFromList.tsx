import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface AddFromListProps {
  id: string;
  label: string;
  /** What can be added (the fields a list returns, the parameters it accepts…), those already used left out. */
  choices: readonly string[];
  placeholder: string;
  /** Said when every choice is used. */
  empty: string;
  onAdd(choice: string): void;
}

/** Adds an element chosen among those the server offers: staff never type a name. */
export function AddFromList({ id, label, choices, placeholder, empty, onAdd }: AddFromListProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  return (
    <div className="studio-add">
      <label htmlFor={id}>{label}</label>
      <Dropdown
        inputId={id}
        value={chosen}
        options={[...choices]}
        placeholder={placeholder}
        onChange={(event) => setChosen(String(event.value))}
        emptyMessage={empty}
      />
      <Button
        type="button"
        icon="pi pi-plus"
        label={t('screens.studio.add')}
        disabled={!chosen}
        onClick={() => {
          if (!chosen) return;
          onAdd(chosen);
          setChosen(undefined);
        }}
      />
    </div>
  );
}
