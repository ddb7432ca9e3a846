import type { Tournament } from '@palace/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest } from '../../lib/api.js';
import { isLive, TOURNAMENT_POLL_MS } from './tournament-format.js';

export interface TournamentLoad {
  /** The last answer, kept while the next is fetched; null before the first. */
  readonly tournament: Tournament | null;
  /** The last failure's message, or null. */
  readonly error: string | null;
  /** The server has no such tournament. */
  readonly missing: boolean;
  readonly reload: () => void;
  /** Takes the server's answer to a change (enter, withdraw) as the newest state. */
  readonly replace: (tournament: Tournament) => void;
}

/**
 * Tournament `id` as the signed-in viewer sees it (`entered`, `myTable` depend on them: it is
 * fetched again when `viewerId` changes), fetched again every 5 s while it is open or running and
 * the page is visible. An answer to an older request than the newest is dropped.
 */
export function useTournament(id: string, viewerId: number | null): TournamentLoad {
  const [tournament, setTournament] = useState<Tournament | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const latest = useRef(0);

  const reload = useCallback(() => {
    const request = ++latest.current;
    apiRequest<Tournament>('GET', `/api/tournaments/${encodeURIComponent(id)}`).then(
      (answer) => {
        if (request !== latest.current) return;
        setTournament(answer);
        setError(null);
      },
      (failure: unknown) => {
        if (request !== latest.current) return;
        if (failure instanceof ApiError && failure.status === 404) setMissing(true);
        setError(failure instanceof Error && failure.message !== '' ? failure.message : 'Something went wrong');
      },
    );
  }, [id]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new viewer sees other `entered` and `myTable`
  useEffect(() => {
    reload();
    return () => {
      latest.current++;
    };
  }, [reload, viewerId]);

  const live = tournament === null ? !missing : isLive(tournament.status);
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => {
      if (!document.hidden) reload();
    }, TOURNAMENT_POLL_MS);
    return () => clearInterval(timer);
  }, [live, reload]);

  const replace = useCallback((answer: Tournament) => {
    latest.current++;
    setTournament(answer);
    setError(null);
  }, []);

  return { tournament, error, missing, reload, replace };
}
