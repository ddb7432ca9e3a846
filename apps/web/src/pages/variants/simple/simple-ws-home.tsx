import '../../pages.css';
import '../variants.css';
import './simple.css';
import { SIMPLE_NAME_MAX } from '@palace/protocol';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { gamePath, newRoomId, wsCodeError, wsNameError } from './simple-forms.js';
import { SimpleHome } from './simple-home.js';

/**
 * The simple websocket game's start page (`/simple-game` with no query, and `/ws`; docs/product.md §P2.2):
 * a name, then Create New Game (a new room "game" + the time) or Join Existing Game with a code.
 * Both open `/simple-game?gameId=…&username=…`. Problems show as field errors under the fields.
 */
export function SimpleWsHome(): ReactElement {
  const navigate = useNavigate();
  return (
    <SimpleHome
      id="simple-ws"
      gameKey="code"
      tagline="Simple game · live over a websocket"
      name={{ label: 'Your name', hint: `Up to ${SIMPLE_NAME_MAX} characters`, check: wsNameError }}
      game={{ label: 'Game code', check: wsCodeError }}
      createLabel="Create New Game"
      joinLabel="Join Existing Game"
      start={(kind, name, code) => {
        navigate(gamePath('/simple-game', kind === 'join' ? code : newRoomId(), name));
        return undefined;
      }}
    />
  );
}
