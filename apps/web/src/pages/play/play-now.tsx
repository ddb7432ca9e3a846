import './play-now.css';
import { type ReactElement, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useGame } from '../../stores/game-store.js';
import { AiLevelSelect, aiLevelLabel, useAiLevel } from '../variants/ai-level.js';

/** Table sizes the one-tap games offer (the create form has every size). */
const SIZES = [2, 3, 4] as const;
/** Quick match fees: free, or the create form's lowest steps. */
const FEES = [0, 100, 200, 500] as const;

interface PlayNowPrefs {
  readonly size: number;
  readonly fee: number;
  choose(prefs: { readonly size?: number; readonly fee?: number }): void;
}

/**
 * The size and quick match fee of the one-tap games, remembered on this device
 * (`palace_play_now`; docs/product.md §D13: default 2 players, free). The level is the Add AI
 * level (`palace_ai_level`, default Normal).
 */
export const usePlayNowPrefs = create<PlayNowPrefs>()(
  persist(
    (set) => ({
      size: 2,
      fee: 0,
      choose: (prefs) => set(prefs),
    }),
    {
      name: 'palace_play_now',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ size: s.size, fee: s.fee }),
      merge: (saved, current) => {
        const { size, fee } = (saved ?? {}) as { size?: unknown; fee?: unknown };
        return {
          ...current,
          ...(SIZES.some((n) => n === size) ? { size: size as number } : {}),
          ...(FEES.some((n) => n === fee) ? { fee: fee as number } : {}),
        };
      },
    },
  ),
);

/** What a one-tap game asks the server for. */
export type PlayNowKind = 'computer' | 'quick';

/** Starts a one-tap game with the remembered settings: the id of the game the player sits in, or null. */
export function startPlayNow(kind: PlayNowKind): Promise<number | null> {
  const { size, fee } = usePlayNowPrefs.getState();
  const level = useAiLevel.getState().level;
  return useGame
    .getState()
    .playNow(
      kind === 'computer'
        ? { type: 'play_computer', playerLimit: size, level }
        : { type: 'quick_match', playerLimit: size, entryFee: fee },
    );
}

/** "2 players · Normal · free": the remembered settings in words. */
function settingsLine(size: number, fee: number, level: string): string {
  return `${size} players · computer ${level} · quick match ${fee === 0 ? 'free' : `${fee} SRT`}`;
}

/**
 * Play now (docs/web.md "Play now"): Play the computer and Quick match, each one tap, above
 * everything else of the lobby. `onStart` runs the tap (the lobby asks the socket); `links`
 * instead makes them links to `/play?start=…` (the home page, which has no socket of its own).
 */
export function PlayNow({
  onStart,
  busy = null,
}: {
  readonly onStart: ((kind: PlayNowKind) => void) | 'links';
  /** The tap being answered: its button says so and both wait. */
  readonly busy?: PlayNowKind | null;
}): ReactElement {
  const id = useId();
  const [open, setOpen] = useState(false);
  const size = usePlayNowPrefs((s) => s.size);
  const fee = usePlayNowPrefs((s) => s.fee);
  const choose = usePlayNowPrefs((s) => s.choose);
  const level = useAiLevel((s) => s.level);
  const button = (kind: PlayNowKind, label: string, tone: string): ReactElement =>
    onStart === 'links' ? (
      <Link className={`button ${tone} play-now-button`} to={`/play?start=${kind}`}>
        {label}
      </Link>
    ) : (
      <button
        type="button"
        className={`button ${tone} play-now-button`}
        disabled={busy !== null}
        aria-busy={busy === kind}
        onClick={() => onStart(kind)}
      >
        {busy === kind ? (kind === 'computer' ? 'Dealing…' : 'Finding a game…') : label}
      </button>
    );
  return (
    <section className="card play-now" aria-label="Quick start">
      <div className="play-now-buttons">
        {button('computer', 'Play the computer', 'button-primary')}
        {button('quick', 'Quick match', 'button-secondary')}
      </div>
      <p className="play-now-settings small muted">
        <span>{settingsLine(size, fee, aiLevelLabel(level))}</span>{' '}
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          aria-controls={`${id}-options`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Done' : 'Change'}
        </button>
      </p>
      {open && (
        <div className="play-now-options" id={`${id}-options`}>
          <label>
            Players{' '}
            <select value={size} onChange={(e) => choose({ size: Number(e.target.value) })}>
              {SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <AiLevelSelect />
          <label>
            Quick match fee{' '}
            <select value={fee} onChange={(e) => choose({ fee: Number(e.target.value) })}>
              {FEES.map((n) => (
                <option key={n} value={n}>
                  {n === 0 ? 'Free' : `${n} SRT`}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
    </section>
  );
}
