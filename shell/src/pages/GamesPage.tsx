import { useParams } from 'react-router';
import { GameLobby } from '../games/GameLobby';
import { NotFoundPage } from './NotFoundPage';
import { categoryKind } from './categories';

/** /sports, /esports, /elott, /cockfight and the e-games /rng, /fish, /pvp: the category's lobby (SPEC §2). */
export function GamesPage() {
  const { games } = useParams();
  const kind = categoryKind(games);
  if (!kind || !games) return <NotFoundPage />;
  // Each category starts its own lobby: no filter or page carries over from another.
  return <GameLobby key={games} category={games.toUpperCase()} kind={kind} />;
}

/** /live: the live casino's lobby with the tables of the chosen vendor. */
export function LivePage() {
  return <GameLobby category="LIVE" kind="live" />;
}
