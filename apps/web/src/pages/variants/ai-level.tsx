import { AI_LEVEL_STRENGTH, type AiLevelName } from '@palace/protocol';
import { type ReactElement, useId } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The AI levels a player can choose when adding an AI, weakest first (the server's names), each
 * with its published strength on the players' rating scale (docs/product.md §D11; `AI_LEVEL_STRENGTH`).
 */
export const AI_LEVEL_CHOICES: readonly {
  readonly level: AiLevelName;
  readonly label: string;
  readonly hint: string;
  /** "about N": the level's rating against the other levels. */
  readonly about: number;
}[] = [
  { level: 'random', label: 'Beginner', hint: 'plays any legal card', about: AI_LEVEL_STRENGTH.random },
  {
    level: 'prototype',
    label: 'Casual',
    hint: 'plays most turns, sometimes picks up for no reason',
    about: AI_LEVEL_STRENGTH.prototype,
  },
  {
    level: 'greedy',
    label: 'Normal',
    hint: 'plays its lowest card and saves the specials',
    about: AI_LEVEL_STRENGTH.greedy,
  },
  {
    level: 'strong',
    label: 'Strong',
    hint: 'thinks ahead by playing out possible deals',
    about: AI_LEVEL_STRENGTH.strong,
  },
];

/** The level added when the player has not chosen one: the server's default. */
export const DEFAULT_LEVEL: AiLevelName = 'greedy';

/** A level's name for players ("Strong"). */
export function aiLevelLabel(level: AiLevelName): string {
  return AI_LEVEL_CHOICES.find((c) => c.level === level)?.label ?? level;
}

interface AiLevelState {
  readonly level: AiLevelName;
  choose(level: AiLevelName): void;
}

/** The level the next Add AI asks for, remembered on this device (`palace_ai_level`). */
export const useAiLevel = create<AiLevelState>()(
  persist(
    (set) => ({
      level: DEFAULT_LEVEL,
      choose: (level) => set({ level }),
    }),
    {
      name: 'palace_ai_level',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ level: s.level }),
      merge: (saved, current) => {
        const level = (saved as { level?: unknown } | undefined)?.level;
        return AI_LEVEL_CHOICES.some((c) => c.level === level) ? { ...current, level: level as AiLevelName } : current;
      },
    },
  ),
);

/** "AI level" with a choice of the four levels, next to an Add AI button. */
export function AiLevelSelect({ disabled = false }: { readonly disabled?: boolean }): ReactElement {
  const id = useId();
  const level = useAiLevel((s) => s.level);
  const choose = useAiLevel((s) => s.choose);
  const chosen = AI_LEVEL_CHOICES.find((c) => c.level === level);
  const hint = chosen === undefined ? '' : `${chosen.hint}; rated about ${chosen.about}`;
  return (
    <span className="ai-level">
      <label htmlFor={id}>AI level</label>
      <select
        id={id}
        value={level}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => choose(e.target.value as AiLevelName)}
      >
        {AI_LEVEL_CHOICES.map((c) => (
          <option key={c.level} value={c.level}>
            {c.label} (about {c.about})
          </option>
        ))}
      </select>
      <span id={`${id}-hint`} className="sr-only">
        {hint}
      </span>
    </span>
  );
}

/** " (AI)" after an AI player's name, with its level as a small badge when the server names one. */
export function AiTag({
  isAI,
  level,
}: {
  readonly isAI: boolean;
  readonly level?: AiLevelName | undefined;
}): ReactElement | null {
  if (!isAI) return null;
  return (
    <>
      <span className="small muted"> (AI)</span>
      {level !== undefined && (
        <span className="ai-level-badge" title={`AI level: ${aiLevelLabel(level)}`}>
          {aiLevelLabel(level)}
        </span>
      )}
    </>
  );
}
