import '../pages.css';
import './prototypes.css';
import { type ReactElement, useEffect, useState } from 'react';
import { GameOverPanel } from '../../table/game-over.js';
import { type GameSection, GameSections } from '../../ui/game-sections.js';
import { LocalBoard } from './local-board.js';
import { AI_DELAY_MS, HUMAN_SEAT } from './local-game.js';
import { useLocalGameOver } from './local-game-over.js';
import { aiIsDue, usePoker } from './poker-store.js';
import { Tutorial } from './tutorial.js';

/** Waits 1.5 s whenever the AI's turn comes, then lets it move (docs/product.md §P2.4, §P2.9). */
export function useAiTurn(): void {
  const game = usePoker((s) => s.game);
  const aiStep = usePoker((s) => s.aiStep);
  useEffect(() => {
    if (!aiIsDue(game)) return;
    const timer = setTimeout(aiStep, AI_DELAY_MS);
    return () => clearTimeout(timer);
  }, [game, aiStep]);
}

/**
 * `/poker`: the single-player prototype (docs/product.md §P2.2, §P2.4): you against the prototype AI, offline,
 * with tabs Game and How to Play, a winner message and Play Again; "New game" in the header deals
 * anew at any time.
 */
export function PokerPage(): ReactElement {
  const game = usePoker((s) => s.game);
  const last = usePoker((s) => s.last);
  const lastMove = usePoker((s) => s.lastMove);
  const seed = usePoker((s) => s.seed);
  const command = usePoker((s) => s.command);
  const reset = usePoker((s) => s.reset);
  const [tab, setTab] = useState<GameSection>('game');
  // Hints used in this deal (docs/web.md "Hints and the computer in a worker"): said on the game-over panel.
  const [hints, setHints] = useState({ seed, used: 0 });
  const hintsUsed = hints.seed === seed ? hints.used : 0;
  useAiTurn();
  const result = game.result;
  const over = useLocalGameOver(game, last, HUMAN_SEAT);
  const playAgain = () => {
    reset();
    setTab('game');
  };
  return (
    // The Game tab's table fills the screen below the header and the tabs (table-page). The hand is
    // the first Tab stop: the panel, then the tabs, then the header in the document, drawn header
    // first by CSS (`cards-first`; docs/web.md "Offline prototypes").
    <main className={`proto-page cards-first${tab === 'game' ? ' table-page' : ''}`}>
      <GameSections
        idPrefix="poker"
        selected={tab}
        onSelect={setTab}
        game={
          <LocalBoard
            key={seed}
            state={game}
            viewer={HUMAN_SEAT}
            last={last}
            lastMove={lastMove}
            onCommand={command}
            hint={{
              seed,
              onUse: () => setHints((h) => ({ seed, used: (h.seed === seed ? h.used : 0) + 1 })),
            }}
            notice={
              result === null || over === null ? undefined : (
                // The winner panel (docs/product.md §P2.4): its words and Play Again, with the standings,
                // the length and the moves (docs/web.md "The table kit": game over).
                <GameOverPanel
                  heading={result.winner === HUMAN_SEAT ? 'You win!' : 'AI wins!'}
                  model={over}
                  role="alert"
                  className="proto-winner"
                  hintsUsed={hintsUsed}
                  note={
                    <p className="muted">
                      {result.winner === HUMAN_SEAT
                        ? 'You got rid of all your cards first.'
                        : 'The AI got rid of all its cards first.'}
                    </p>
                  }
                  actions={
                    <button type="button" className="button button-primary" onClick={playAgain}>
                      Play Again
                    </button>
                  }
                />
              )
            }
          />
        }
        tutorial={<Tutorial chooseFaceUp={false} />}
        panelsFirst
      />
      <header className="proto-header">
        <div>
          <h1 className="display">Palace</h1>
          <p className="muted small">You against the AI · offline</p>
        </div>
        {/* A fresh deal at any time (the winner panel's own button is the spec's "Play Again"). */}
        <button type="button" className="button button-secondary button-small-outline" onClick={playAgain}>
          New game
        </button>
      </header>
    </main>
  );
}
