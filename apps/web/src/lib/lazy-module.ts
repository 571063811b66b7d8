/**
 * A module the app shell loads after the first render instead of with it (the toast library, the query client):
 * load() starts or joins the import, a failed import is tried again by the next load(); get() and subscribe() let
 * components wait for it with useSyncExternalStore.
 */
export interface TLazyModule<T> {
  load(): Promise<T>;
  /** The module once loaded, else null. */
  get(): T | null;
  subscribe(listener: () => void): () => void;
}

export function lazyModule<T>(importer: () => Promise<T>): TLazyModule<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  return {
    load() {
      loading ??= importer().then(
        (m) => {
          loaded = m;
          for (const l of listeners) l();
          return m;
        },
        (err: unknown) => {
          loading = null;
          throw err;
        },
      );
      return loading;
    },
    get: () => loaded,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
