import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { writeSession } from '@tessera/kit';
import { renderInShell } from '../../test/render';
import { GameCard } from './GameCard';
import { gameLink } from './launch';
import { MEMBER, gameOf, modal } from './testGames';

afterEach(() => writeSession(null));

const GAME = gameOf({ gameCode: 'DRAGON', displayName: 'Dragon Gold', vendorName: 'PG Soft', vassalage: 'PG', icon: '/icons/dragon.svg' });

function renderCard(game = GAME, onFavourite?: (game: typeof GAME) => void) {
  return renderInShell(<GameCard game={game} onFavourite={onFavourite} />, {
    routes: [
      { path: '/', element: null },
      { path: '/game', element: <p data-testid="game-page" /> },
    ],
  });
}

const icon = () => document.querySelector('[data-game="DRAGON"] .game-icon')!;

describe('game card', () => {
  test('icon, name and vendor; no star without onFavourite', () => {
    renderCard();
    expect(icon().tagName).toBe('IMG');
    expect(icon().getAttribute('src')).toBe('/icons/dragon.svg');
    expect(icon().getAttribute('loading')).toBe('lazy');
    const card = document.querySelector('[data-game="DRAGON"]')!;
    expect(card.textContent).toContain('Dragon Gold');
    expect(card.textContent).toContain('PG Soft');
    expect(card.querySelector('[data-action="favourite"]')).toBeNull();
  });

  test('a failed icon is tried once more, then the default game icon shows', () => {
    renderCard();
    const first = icon();
    fireEvent.error(first);
    expect(icon().tagName).toBe('IMG');
    expect(icon()).not.toBe(first);
    fireEvent.error(icon());
    expect(icon().tagName).toBe('svg');
    expect(icon().hasAttribute('data-default-icon')).toBe(true);
  });

  test('a game without an icon shows the default one', () => {
    renderCard({ ...GAME, icon: null });
    expect(icon().tagName).toBe('svg');
  });

  test('a visitor who clicks gets the login popup and stays', () => {
    const { router } = renderCard();
    fireEvent.click(screen.getByRole('button', { name: /^Play\s*Dragon Gold,\s*PG Soft/ }));
    expect(modal('login')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  test('a member goes to the game page with the launch fields', async () => {
    writeSession(MEMBER);
    const { router } = renderCard();
    fireEvent.click(screen.getByRole('button', { name: /^Play\s*Dragon Gold,\s*PG Soft/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(gameLink(GAME));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      vassalage: 'PG',
      gameCode: 'DRAGON',
      gameType: 'RNG',
      walletMode: 'seamless',
      gameName: 'Dragon Gold', // the /game page's frame title
    });
  });

  test('the star says whether it is a favourite and hands the game over', () => {
    const onFavourite = vi.fn();
    renderCard({ ...GAME, isFavourite: true }, onFavourite);
    const star = screen.getByRole('button', { name: 'Favourite: Dragon Gold' });
    expect(star.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(star);
    expect(onFavourite).toHaveBeenCalledWith({ ...GAME, isFavourite: true });
    expect(modal('login')).toBeNull();
  });
});
