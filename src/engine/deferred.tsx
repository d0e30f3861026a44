import { Suspense, use, useState, type ComponentType, type JSX, type ReactNode } from 'react';
import { LoadErrorBoundary } from './LoadErrorBoundary';

/** A component whose code is its own chunk: loaded on first render, or ahead by `preloadDeferred`. */
export interface DeferredComponent<P> {
  (props: P): JSX.Element;
  /** Loads the code without rendering. */
  preload(): Promise<unknown>;
}

const loaders = new Set<() => Promise<unknown>>();

/**
 * `load` run once, its promise kept, and registered for `preloadDeferred`. A failure met by a render
 * or a navigation stays (it says so; retrying the same file would fail the same way until the page is
 * reloaded); a failure of the background preload is forgotten, so the first use tries again.
 */
export function preloadable<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  const start = () => (loading ??= load());
  loaders.add(() =>
    start().catch(() => {
      loading = undefined;
    }),
  );
  return start;
}

/**
 * Keeps a component that the first screen of a cold load rarely needs (tables, dialogs, other
 * screens' widgets) out of the app's first script, which every page parses before it can show
 * anything (docs/decisions.md, 'The first scripts'). Until its code is there, `fallback` shows; if
 * it cannot be loaded, a notice with a reload button (`LoadErrorBoundary`) and the rest of the page works.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): DeferredComponent<P> {
  let loaded: ComponentType<P> | undefined;
  const start = preloadable(() =>
    load().then((component) => {
      loaded = component;
      return component;
    }),
  );
  // Once the code is there, renders it at once (React.lazy would still suspend for one render).
  function Loaded(props: P) {
    const Component = loaded ?? use(start());
    return <Component {...props} />;
  }
  // An instance first rendered once the code is there (a form page's loader loads its widgets
  // ahead) is the component itself: no boundary and no suspense around each field, which every
  // keystroke would render again. The choice is kept for the instance's life, so it never remounts.
  function Deferred(props: P) {
    const [ready] = useState(() => loaded !== undefined);
    if (ready) {
      const Component = loaded!;
      return <Component {...props} />;
    }
    return (
      <LoadErrorBoundary>
        <Suspense fallback={fallback}>
          <Loaded {...props} />
        </Suspense>
      </LoadErrorBoundary>
    );
  }
  Deferred.preload = start;
  return Deferred;
}

/** Loads the code of every deferred component and route (once the first page has settled); a failure is left for the render that needs that code to report. */
export async function preloadDeferred(): Promise<void> {
  await Promise.allSettled([...loaders].map((load) => load()));
}
