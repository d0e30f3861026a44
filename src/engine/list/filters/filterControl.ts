import type { ListFilter } from '../../../../common/screenDefinition';

/** What a list's filter control receives: its declaration, its values (as in the address), and its label in words. */
export interface FilterControlProps {
  filter: ListFilter;
  values: string[];
  onChange(values: string[]): void;
  label: string;
}
