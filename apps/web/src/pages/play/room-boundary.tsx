import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useGame } from '../../stores/game-store.js';

interface Props {
  readonly gameId: number;
  readonly onReturn: () => void;
  readonly children: ReactNode;
}

/**
 * If the game screen fails to render, show what went wrong with some debug information and a way
 * back to the lobby (docs/product.md §P1.2), instead of a blank page.
 */
export class RoomBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error): { error: Error } {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('game screen failed', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const { status, game } = useGame.getState();
    return (
      <div className="card error-card" role="alert">
        <h2>Something went wrong loading this game</h2>
        <pre className="debug">
          {[
            `game: ${this.props.gameId}`,
            `connection: ${status}`,
            `state: ${game === null ? 'none' : `${game.status} (game ${game.id})`}`,
            `error: ${error.message}`,
          ].join('\n')}
        </pre>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            this.setState({ error: null });
            useGame.getState().clearGame();
            this.props.onReturn();
          }}
        >
          Return to Lobby
        </button>
      </div>
    );
  }
}
