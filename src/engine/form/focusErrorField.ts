import { useEffect } from 'react';

/** The ids of the page's element for an error key, most precise first (`root_seriesList_1_name`, `root_seriesList_1`, `root_seriesList`). */
export function elementIdsFor(key: string): string[] {
  const segments = key.split('.');
  return segments.map((_, i) => `root_${segments.slice(0, segments.length - i).join('_')}`);
}

/**
 * Shows the element of an error key once its tab is rendered: scrolls its row (label included) to
 * the top of the view, below the sticky header (the rows' `scroll-margin-top`, app.css), and
 * focuses it. The
 * form switches tab (and sub-tab, language) in the render after the error, so this tries again on
 * the next frames (at most 20) until the element is there. A field rendered without an element of
 * that id (a custom field) marks its container with `data-field="<id>"`.
 */
export function focusErrorField(key: string): void {
  let frames = 0;
  const attempt = () => {
    for (const id of elementIdsFor(key)) {
      const element = document.getElementById(id) ?? document.querySelector<HTMLElement>(`[data-field="${CSS.escape(id)}"]`);
      if (element) {
        (element.closest<HTMLElement>('.form-row') ?? element).scrollIntoView({ block: 'start' });
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
