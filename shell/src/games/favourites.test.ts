import { describe, expect, test } from 'vitest';
import { withFavourite } from './favourites';
import { gameOf } from './testGames';

describe('marking a favourite in the answers the page holds', () => {
  test('every copy of the game, in pages, hot lists and infinite lists; other data untouched', () => {
    const game = gameOf({ nodeId: 9 });
    const other = gameOf({ nodeId: 10 });
    const data = { pages: [{ list: [game, other] }], pageParams: [1], hot: [{ gameType: 'RNG', list: [game], footer: null }] };
    const next = withFavourite(data, 9, true) as typeof data;
    expect(next.pages[0].list[0].isFavourite).toBe(true);
    expect(next.hot[0].list[0].isFavourite).toBe(true);
    expect(next.pages[0].list[1]).toBe(other);
    expect(next.pageParams).toBe(data.pageParams);
  });

  test('the same object when nothing changes', () => {
    const data = { games: [gameOf({ nodeId: 9, isFavourite: true })], totalPages: 1 };
    expect(withFavourite(data, 9, true)).toBe(data);
    expect(withFavourite(data, 11, true)).toBe(data);
    const notices = { player: [{ id: 9, title: 'x' }] };
    expect(withFavourite(notices, 9, true)).toBe(notices);
  });
});
