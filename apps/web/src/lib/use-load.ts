import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  /** The last answer, kept while a reload runs; null before the first one. */
  readonly data: T | null;
  /** The last failure's message, or null. */
  readonly error: string | null;
  readonly loading: boolean;
  /** Loads again (answers that arrive after a newer request started are dropped). */
  readonly reload: () => void;
}

/**
 * Runs `load` now and whenever `key` changes (say, the user's id or a sort order); an answer to an
 * outdated request is ignored.
 */
export function useLoad<T>(load: () => Promise<T>, key: string | number): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const latest = useRef(0);
  const current = useRef(load);
  current.current = load;
  const run = useCallback(() => {
    const request = ++latest.current;
    setState((now) => ({ ...now, loading: true }));
    current.current().then(
      (data) => {
        if (request === latest.current) setState({ data, error: null, loading: false });
      },
      (error: unknown) => {
        if (request !== latest.current) return;
        const message = error instanceof Error && error.message !== '' ? error.message : 'Something went wrong';
        setState((now) => ({ ...now, error: message, loading: false }));
      },
    );
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is what a new load is asked for by
  useEffect(() => {
    run();
    return () => {
      latest.current++;
    };
  }, [run, key]);
  return { ...state, reload: run };
}

/** A read's answer, failing when there is none (an `apiGet` told to turn a 401 into null). */
export async function present<T>(answer: Promise<T | null>): Promise<T> {
  const value = await answer;
  if (value === null) throw new Error('Not signed in');
  return value;
}
