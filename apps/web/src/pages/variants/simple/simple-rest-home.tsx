import '../../pages.css';
import '../variants.css';
import './simple.css';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../variant-api.js';
import { gamePath, restGameIdError, restNameError } from './simple-forms.js';
import { type HomeKind, SimpleHome } from './simple-home.js';
import { REST_FALLBACKS, simpleRestApi } from './simple-rest-api.js';
import { errorToast } from './simple-toasts.js';

/**
 * The simple REST game's start page (`/simple-rest`; docs/product.md §P2.2): a username, Create New Game, an
 * OR divider, then a Game ID and Join. Both call join (which also sets the seat cookie) and open
 * `/simple-game-rest?gameId=…&username=…`. Checks show as field errors; the server's refusal (an
 * unknown game, a taken name, a started game) as a toast titled "Error".
 */
export function SimpleRestHome(): ReactElement {
  const navigate = useNavigate();
  const start = async (kind: HomeKind, username: string, gameId: string): Promise<boolean> => {
    try {
      const answer = await simpleRestApi.join(username, kind === 'join' ? gameId : undefined);
      navigate(gamePath('/simple-game-rest', answer.gameId, answer.gameState.you ?? username));
      return true;
    } catch (error) {
      errorToast(errorText(error, kind === 'join' ? REST_FALLBACKS.join : REST_FALLBACKS.create));
      return false;
    }
  };
  return (
    <SimpleHome
      id="simple-rest"
      gameKey="game-id"
      tagline="Simple game · play in any browser"
      name={{ label: 'Username', check: restNameError }}
      game={{ label: 'Game ID', check: restGameIdError }}
      createLabel="Create New Game"
      joinLabel="Join"
      start={start}
    />
  );
}
