import { memo, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** One tab of FormTabs: its (translated) label and whether a field in it has an error. */
export interface FormTabHeader {
  label: string;
  hasError: boolean;
}

interface TabBarProps {
  className: string;
  headers: readonly FormTabHeader[];
  active: number;
  onChange(index: number): void;
  /** Prefix of the tabs' and panel's ids. */
  idPrefix: string;
}

const NAVIGATION_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * The tab bar, in the markup and classes of PrimeReact's TabView (so the theme styles it), without
 * its script: TabView measures its ink bar after every render, a forced layout of the whole form,
 * and the theme does not show that bar. Arrow keys, Home and End move to another tab. The bar
 * scrolls sideways when its tabs are wider than the form (never on two rows).
 */
const TabBar = memo(function TabBar({ className, headers, active, onChange, idPrefix }: TabBarProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  // A narrow window scrolls the tab bar sideways: the active tab is brought into its view. Not
  // when the form opens on its first tab, in view already: reading a position there forced the
  // layout of the whole form before its first paint (about 25 ms of opening the editor).
  const opened = useRef(false);
  useEffect(() => {
    const first = !opened.current;
    opened.current = true;
    if (first && active === 0) return;
    const tab = list.current?.children[active] as HTMLElement | undefined;
    const content = list.current?.parentElement;
    if (!tab || !content) return;
    if (tab.offsetLeft < content.scrollLeft) content.scrollLeft = tab.offsetLeft;
    else if (tab.offsetLeft + tab.offsetWidth > content.scrollLeft + content.clientWidth)
      content.scrollLeft = tab.offsetLeft + tab.offsetWidth - content.clientWidth;
  }, [active]);
  // Whether tabs are hidden before or after the bar's view: its arrows show then (mouse users
  // see there is more; keyboard users move with the arrow keys, which scroll to the tab).
  const [hidden, setHidden] = useState({ before: false, after: false });
  useEffect(() => {
    const content = list.current?.parentElement;
    // Every browser the app supports has ResizeObserver; a DOM without it (tests) shows no arrows.
    if (!content || !list.current || typeof ResizeObserver === 'undefined') return;
    const update = () => {
      const before = content.scrollLeft > 1;
      const after = content.scrollLeft + content.clientWidth < content.scrollWidth - 1;
      setHidden((current) => (current.before === before && current.after === after ? current : { before, after }));
    };
    // Called at once by the observer, then on every size change of the bar or its tabs.
    const observer = new ResizeObserver(update);
    observer.observe(content);
    observer.observe(list.current);
    content.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      content.removeEventListener('scroll', update);
    };
  }, []);
  const scrollBy = (direction: 1 | -1) => {
    const content = list.current?.parentElement;
    content?.scrollBy({ left: direction * content.clientWidth * 0.7, behavior: 'smooth' });
  };
  const select = (index: number) => {
    onChange(index);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[index]?.focus();
  };
  return (
    <div className={`p-tabview p-component form-tab-bar ${className}`}>
      <div className="p-tabview-nav-container">
        {hidden.before ? (
          <button
            type="button"
            className="p-tabview-nav-prev p-tabview-nav-btn p-link"
            tabIndex={-1}
            aria-hidden="true"
            title={t('form.tabsBefore')}
            onClick={() => scrollBy(-1)}
          >
            <i className="pi pi-chevron-left" />
          </button>
        ) : null}
        <div className="p-tabview-nav-content">
          <ul ref={list} className="p-tabview-nav" role="tablist">
            {headers.map((header, index) => (
              <li
                key={header.label}
                role="presentation"
                className={`p-tabview-header${index === active ? ' p-highlight' : ''}${header.hasError ? ' tab-has-error' : ''}`}
              >
                <a
                  href={`#${idPrefix}-panel`}
                  role="tab"
                  id={`${idPrefix}-tab-${index}`}
                  aria-selected={index === active}
                  aria-controls={`${idPrefix}-panel`}
                  tabIndex={index === active ? 0 : -1}
                  className="p-tabview-nav-link"
                  onClick={(event) => {
                    event.preventDefault();
                    onChange(index);
                  }}
                  onKeyDown={(event) => {
                    const move = NAVIGATION_KEYS[event.key];
                    if (!move) return;
                    event.preventDefault();
                    select(move(index, headers.length));
                  }}
                >
                  <span className="p-tabview-title">{header.label}</span>
                  {header.hasError ? <span className="p-tabview-right-icon pi pi-exclamation-circle" aria-hidden="true" /> : null}
                </a>
              </li>
            ))}
          </ul>
        </div>
        {hidden.after ? (
          <button
            type="button"
            className="p-tabview-nav-next p-tabview-nav-btn p-link"
            tabIndex={-1}
            aria-hidden="true"
            title={t('form.tabsAfter')}
            onClick={() => scrollBy(1)}
          >
            <i className="pi pi-chevron-right" />
          </button>
        ) : null}
      </div>
    </div>
  );
});

/**
 * Tabs of a form: the tab bar, and the active tab's content beside it, so that typing in a field
 * (which renders the form's root again) does not render the tab bar again. Give `headers` and
 * `onChange` stable identities (memoised) for that to hold.
 */
export function FormTabs({ children, ...bar }: Omit<TabBarProps, 'idPrefix'> & { children: React.ReactNode }) {
  const idPrefix = useId().replace(/:/g, '');
  return (
    <div className={`${bar.className}-frame`}>
      <TabBar {...bar} idPrefix={idPrefix} />
      <div className="form-tab-panel" role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${bar.active}`}>
        {children}
      </div>
    </div>
  );
}
