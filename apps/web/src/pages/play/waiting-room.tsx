import type { MainGameState, MainPlayer } from '@palace/protocol';
import type { ReactElement } from 'react';
import { Avatar } from '../../shell/avatar.js';
import { useGame } from '../../stores/game-store.js';
import { sortHand, tableCards } from '../../table/cards.js';
import { FaceUpChoice } from '../../table/face-up-choice.js';
import { BotMark } from '../../ui/bot-mark.js';

/** The waiting room (docs/web.md "Main game"): who sits, who is ready, and the viewer's face-up choice. */
export function WaitingRoom({ game, me }: { game: MainGameState; me: MainPlayer | null }): ReactElement {
  const send = useGame((s) => s.send);
  const ready = game.players.filter((p) => p.isReady).length;
  return (
    <section className="card waiting">
      <h2>Waiting for players</h2>
      <progress
        max={game.players.length}
        value={ready}
        aria-label={`${ready} of ${game.players.length} players ready`}
      />
      <ul className="ready-list">
        {game.players.map((p) => (
          <li key={p.id}>
            <Avatar name={p.username} src={p.avatar} size={28} />
            <span>
              {p.username}
              {p.isBot && <BotMark />}
            </span>
            <span className={`ready-badge${p.isReady ? ' ready' : ''}`}>{p.isReady ? 'Ready' : 'Choosing cards'}</span>
          </li>
        ))}
      </ul>
      {me !== null && !me.isReady && (
        <FaceUpChoice
          hand={sortHand(tableCards(me.handCards))}
          prompt={(chosen) => <p>Choose 3 cards to lie face up ({chosen}/3):</p>}
          confirm="I'm Ready to Play"
          onConfirm={(cardIds) => send({ type: 'select_faceup_cards', gameId: game.id, cardIds })}
        />
      )}
      {me?.isReady === true && <p className="muted">You're ready. The game starts when everyone has chosen.</p>}
      <p className="muted small">The game starts when at least 2 players have joined and everyone is ready.</p>
    </section>
  );
}
