import { AI_LEVEL_LABEL, type AiLevelName, aiLevelWords } from '@palace/protocol';
import { type ReactElement, useId } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The AI levels a player can choose when adding an AI, weakest first (the server's names), each
 * with its published strength in words from the levels bench: how it does against the level below
 * (docs/product.md §D11; `AI_LEVEL_FIGURES`, never a rating number).
 */
export const AI_LEVEL_CHOICES: readonly {
  readonly level: AiLevelName;
  readonly label: string;
  readonly hint: string;
  /** "wins 7 in 10 against Beginner"; Beginner "plays any legal card". */
  readonly strength: string;
}[] = (
  [
    ['random', 'picks any legal move at random, picking up included'],
    ['prototype', 'mostly plays any card, sometimes picks up for no reason'],
    ['greedy', 'plays its lowest card and saves the specials'],
    ['strong', 'thinks ahead by playing out possible deals'],
  ] as const
).map(([level, hint]) => ({ level, label: AI_LEVEL_LABEL[level], hint, strength: aiLevelWords(level) }));

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
  const hint = chosen === undefined ? '' : `${chosen.hint}; ${chosen.strength}`;
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
            {c.label} ({c.strength})
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
