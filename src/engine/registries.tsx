import type { Field, Widget } from '@rjsf/utils';
import { createContext, use, type ComponentType, type ReactNode } from 'react';
import type { CellName, FieldName, WidgetName } from '../../common/screenDefinition';

/** What a table cell receives: the row and the column's field value. */
export interface CellProps {
  value: unknown;
  row: Record<string, unknown>;
}

/**
 * The components the screen definitions refer to by name: RJSF widgets (`ui:widget`), RJSF fields
 * (`ui:field`) and table cells (`cell`). Keyed by the name unions of common/screenDefinition.ts, so
 * a registry missing one fails the type check. The app builds them (src/widgets/registry.ts) and
 * hands them down with `RegistriesProvider`: the engine never imports the widgets.
 */
export interface Registries {
  widgets: Readonly<Record<WidgetName, Widget>>;
  fields: Readonly<Record<FieldName, Field>>;
  cells: Readonly<Record<CellName, ComponentType<CellProps>>>;
}

const RegistriesContext = createContext<Registries | undefined>(undefined);

/**
 * Hands the registries to every engine view below. `value` must keep its identity (a module
 * constant): a new object would render every form and table again.
 */
export function RegistriesProvider({ value, children }: { value: Registries; children: ReactNode }) {
  return <RegistriesContext value={value}>{children}</RegistriesContext>;
}

/** The registries of the nearest `RegistriesProvider`; throws without one (a view would show no field). */
export function useRegistries(): Registries {
  const registries = use(RegistriesContext);
  if (!registries) throw new Error('No widget registries: wrap the app (or the test) in <RegistriesProvider>');
  return registries;
}

/** The cell of a column (`text` when none is named); an unknown name throws (the schema lint catches it first). */
export function cellOf(cells: Registries['cells'], name: string | undefined): ComponentType<CellProps> {
  const cell = (cells as Readonly<Record<string, ComponentType<CellProps> | undefined>>)[name ?? 'text'];
  if (!cell) throw new Error(`Unknown cell "${name}": register it in src/widgets/registry.ts`);
  return cell;
}
