import { useEffect } from 'react';

/** The ids of the page's element for an error key, most precise first (`root_seriesList_1_name`, `root_seriesList_1`, `root_seriesList`). */
export function elementIdsFor(key: string): string[] {
  const segments = key.split('.');
  return segments.map((_, i) => `root_${segments.slice(0, segments.length - i).join('_')}`);
}

/** Room left between a bar pinned over the view and the field brought below it, in px. */
const CLEARANCE = 16;

/** Whether an element stays put while its page scrolls: a sticky bar, a fixed one. */
function isPinned(element: Element): boolean {
  const { position } = getComputedStyle(element);
  return position === 'sticky' || position === 'fixed';
}

/**
 * The bottom (in the view's coordinates) of what is pinned over the top of `target`: the header,
 * the sticky bar of a page (the reading sheet's 'Editing language'), the toast that says the
 * refusal; undefined when nothing covers it. It looks at what the browser shows along the target's
 * top: any pinned ancestor of that which does not hold the target itself, and starts in the upper
 * half of the view (a bar at the bottom, such as a form's buttons, is never cleared upwards), covers it.
 */
function pinnedBottomOver(target: HTMLElement): number | undefined {
  const box = target.getBoundingClientRect();
  const y = Math.max(0, box.top) + 1;
  // A document that lays nothing out (jsdom) has nothing to look at.
  if (y >= window.innerHeight || typeof document.elementFromPoint !== 'function') return undefined;
  let bottom: number | undefined;
  for (const x of [box.left + 8, box.left + box.width / 3, box.left + box.width / 2, box.right - 8]) {
    for (let element = document.elementFromPoint(x, y); element && element !== document.body; element = element.parentElement) {
      if (element.contains(target)) break;
      if (isPinned(element)) {
        const cover = element.getBoundingClientRect();
        if (cover.top < window.innerHeight / 2) bottom = Math.max(bottom ?? 0, cover.bottom);
        break;
      }
    }
  }
  return bottom;
}

/** The element that scrolls `element` into view: its nearest scrolling ancestor, else the page. */
function scrollerOf(element: HTMLElement): Element {
  for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if ((overflowY === 'auto' || overflowY === 'scroll') && parent.scrollHeight > parent.clientHeight) return parent;
  }
  return document.scrollingElement ?? document.documentElement;
}

/**
 * Scrolls `row` to the top of the view, then below everything pinned over it (the header, which
 * its `scroll-margin-top` already clears, the sticky bars of a page, whatever their height at this
 * width, a toast): its label, its field and its message are all in sight.
 */
function scrollClearOfBars(row: HTMLElement): void {
  row.scrollIntoView({ block: 'start' });
  // A bar cleared can uncover another one pinned lower; three rounds are more than any page has.
  for (let round = 0; round < 3; round++) {
    const bottom = pinnedBottomOver(row);
    if (bottom === undefined) return;
    const scroller = scrollerOf(row);
    const before = scroller.scrollTop;
    scroller.scrollTop = before - (bottom + CLEARANCE - row.getBoundingClientRect().top);
    if (scroller.scrollTop === before) return;
  }
}

/**
 * Shows the element of an error key once its tab is rendered: scrolls its row (label included) to
 * the top of the view, clear of the header and of every sticky bar (`scrollClearOfBars`), and
 * focuses it. The form switches tab (and sub-tab, language) in the render after the error, so this
 * tries again on the next frames (at most 20) until the element is there. A field rendered without
 * an element of that id (a custom field) marks its container with `data-field="<id>"`.
 */
function focusErrorField(key: string): void {
  let frames = 0;
  const attempt = () => {
    for (const id of elementIdsFor(key)) {
      const element = document.getElementById(id) ?? document.querySelector<HTMLElement>(`[data-field="${CSS.escape(id)}"]`);
      if (element) {
        scrollClearOfBars(element.closest<HTMLElement>('.form-row') ?? element);
        element.focus({ preventScroll: true });
        return;
      }
    }
    if (++frames < 20) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/**
 * Brings the first error of each failed save (or of the browser's checks) into view and focuses
 * it: every form does it, so the user never has to look for what stopped the save.
 */
export function useFocusFirstError(firstError: { key: string } | undefined): void {
  useEffect(() => {
    if (firstError) focusErrorField(firstError.key);
  }, [firstError]);
}
