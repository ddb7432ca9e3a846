import type { ReactElement, ReactNode } from 'react';

/**
 * The room's loading card, "Joining game #{id}…": shown by the page while the room's chunk loads
 * and by the room itself until its game state arrives, so a player sees one loading state, not two.
 */
export function RoomLoading(props: { readonly gameId: number; readonly children?: ReactNode }): ReactElement {
  return (
    <div className="card room-loading" role="status">
      <span className="spinner spinner-small" aria-hidden="true" /> Joining game #{props.gameId}…{props.children}
    </div>
  );
}
