import { type ComponentType, createElement, lazy, useEffect, useState } from "react";

export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Starts the download; the component then renders without suspending once it has arrived. */
  preload: () => Promise<ComponentType<P>>;
  /** Whether the module has arrived (the component renders without suspending). */
  isLoaded: () => boolean;
};

/**
 * React.lazy that does not suspend once its module has arrived.
 *
 * React.lazy suspends on its first render even when the import resolved long before: it only
 * learns so in a later microtask. Its Suspense boundary then shows the fallback, holds the content
 * back for React's fallback throttle (300 ms) and commits it in one long task. A screen's chunk is
 * modulepreloaded with the page and usually there before the screen first renders, so it can
 * render at once, in the background render that mounts it.
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A failed download may succeed on the next try (the import() of a later render).
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const source: Source<P> = {
    Lazy: lazy(() => preload().then((component) => ({ default: component }))),
    loaded: () => loaded,
  };
  const render = (props: P) => createElement(Preloaded<P>, { source, props });
  return Object.assign(render, { preload, isLoaded: () => loaded !== undefined });
}

type Preloadable = { preload: () => Promise<unknown>; isLoaded: () => boolean };

/**
 * Whether both components' modules have arrived; if not on first render, true once they have
 * (or failed: the error then surfaces where the component renders). Once true it stays true.
 */
export function useArrived(a: Preloadable, b: Preloadable): boolean {
  const [arrived, setArrived] = useState(() => a.isLoaded() && b.isLoaded());
  useEffect(() => {
    if (arrived) return;
    let live = true;
    const done = () => {
      if (live) setArrived(true);
    };
    Promise.all([a.preload(), b.preload()]).then(done, done);
    return () => {
      live = false;
    };
  }, [arrived, a, b]);
  return arrived;
}

type Source<P extends object> = { Lazy: ComponentType<P>; loaded: () => ComponentType<P> | undefined };

function Preloaded<P extends object>({ source, props }: { source: Source<P>; props: P }) {
  // Chosen once per instance: a type that changed between renders would remount the subtree.
  const [Component] = useState<ComponentType<P>>(() => source.loaded() ?? source.Lazy);
  return createElement(Component, props);
}
