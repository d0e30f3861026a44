import { Rating } from 'primereact/rating';
import type { FilterControlProps } from './filterControl';

/** A minimum-stars filter (1 to 4). */
export function StarsFilter({ values, onChange, label }: FilterControlProps) {
  return (
    <span className="stars-filter" aria-label={label} title={label}>
      <span className="stars-filter-label">{label}</span>
      <Rating value={Number(values[0] ?? 0)} stars={4} onChange={(e) => onChange(e.value ? [String(e.value)] : [])} />
    </span>
  );
}
