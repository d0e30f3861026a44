import { TabPanel, TabView } from 'primereact/tabview';
import { memo } from 'react';

/** One tab of FormTabs: its (translated) label and whether a field in it has an error. */
export interface FormTabHeader {
  label: string;
  hasError: boolean;
}

interface HeadersProps {
  className: string;
  headers: readonly FormTabHeader[];
  active: number;
  onChange(index: number): void;
}

/** PrimeReact's tab bar with empty panels: only the headers, rendered again only when one of its props changes. */
const TabHeaders = memo(function TabHeaders({ className, headers, active, onChange }: HeadersProps) {
  return (
    <TabView activeIndex={active} onTabChange={(e) => onChange(e.index)} className={`${className} form-tab-headers`}>
      {headers.map((header) => (
        <TabPanel
          key={header.label}
          header={header.label}
          headerClassName={header.hasError ? 'tab-has-error' : undefined}
          rightIcon={header.hasError ? 'pi pi-exclamation-circle' : undefined}
        />
      ))}
    </TabView>
  );
});

/**
 * Tabs of a form: PrimeReact's tab bar, and the active tab's content rendered beside it rather than
 * inside it, so that typing in a field (which renders the form's root again) does not render the
 * tab bar again. Give `headers` and `onChange` stable identities (memoised) for that to hold.
 */
export function FormTabs({ children, ...headers }: HeadersProps & { children: React.ReactNode }) {
  return (
    <div className={`${headers.className}-frame`}>
      <TabHeaders {...headers} />
      <div className="form-tab-panel" role="tabpanel" aria-label={headers.headers[headers.active]?.label}>
        {children}
      </div>
    </div>
  );
}
