import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { createPortal } from 'react-dom';
import { useHeaderSlot } from './headerSlot';

/** The list's search input, rendered in the header's global search slot when the layout has one. */
export function SearchBox({
  value,
  onChange,
  placeholder,
  inline,
}: {
  value: string;
  onChange(value: string): void;
  placeholder: string;
  inline?: boolean | undefined;
}) {
  const headerSlot = useHeaderSlot();
  const slot = inline ? null : headerSlot;
  const input = (
    <IconField iconPosition="left" className="search-box">
      <InputIcon className="pi pi-search" />
      <InputText type="search" value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} aria-label={placeholder} />
    </IconField>
  );
  return slot ? createPortal(input, slot) : input;
}
