import { useEffect, useState } from 'react';

/**
 * A part of a screen kept out of the screen's chunk (docs/web.md "Loading"): the first view of
 * the screen does not download or run it, and asks for it once it has drawn, so it is there by
 * the time it is needed. One download however many ask; a failed one is asked for again next time.
 */
export interface LazyModule<M> {
  /** The module, once it has loaded. */
  readonly current: () => M | null;
  readonly load: () => Promise<M>;
}

export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  return {
    current: () => loaded,
    load: () => {
      loading ??= importer().then(
        (m) => {
          loaded = m;
          return m;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
}

/**
 * The module of `lazy` once it is there. `wanted`: the screen needs it now (asked for at once, and
 * a failure is reported); otherwise it is asked for after the first frame, off the path of the
 * screen's first paint.
 */
export function useLazyModule<M>(
  lazy: LazyModule<M>,
  wanted: boolean,
): { readonly module: M | null; readonly failed: boolean } {
  const [module, setModule] = useState<M | null>(lazy.current);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (module !== null) return;
    let live = true;
    const load = () =>
      lazy.load().then(
        (m) => {
          if (live) setModule(() => m);
        },
        () => {
          if (live && wanted) setFailed(true);
        },
      );
    const timer = wanted ? null : setTimeout(() => void load(), 0);
    if (wanted) {
      // A new attempt: an earlier failure no longer stands.
      setFailed(false);
      void load();
    }
    return () => {
      live = false;
      if (timer !== null) clearTimeout(timer);
    };
  }, [lazy, module, wanted]);
  return { module, failed };
}
