import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The content width of `ref`'s element in pixels, followed as it changes (the window resized, a
 * menu or panel opened beside it); undefined before the first layout and where the browser cannot
 * observe sizes.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
