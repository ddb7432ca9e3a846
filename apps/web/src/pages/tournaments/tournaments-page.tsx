import '../pages.css';
import './tournaments.css';
import type { ReactElement } from 'react';
import { useParams } from 'react-router-dom';
import { TournamentDetail } from './tournament-detail.js';
import { TournamentList } from './tournament-list.js';

/**
 * `/tournaments` and `/tournaments/:id` (docs/product.md §D11 swiss-tournaments; docs/web.md
 * "Tournaments"): the list with the create form, and one tournament. One chunk for both.
 */
export function TournamentsPage(): ReactElement {
  const { id } = useParams();
  return id === undefined ? <TournamentList /> : <TournamentDetail key={id} id={id} />;
}
