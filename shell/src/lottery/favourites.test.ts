import { describe, expect, test } from 'vitest';
import { favouritesKey, readFavourites, toggleFavourite } from './favourites';

describe('lottery favourites, kept in this browser per username', () => {
  test("each member has their own; a star toggles; a visitor has none", () => {
    toggleFavourite('ana', 'MB');
    toggleFavourite('ana', 'HCM');
    toggleFavourite('binh', 'DNG');
    expect(readFavourites('ana')).toEqual(['MB', 'HCM']);
    expect(readFavourites('binh')).toEqual(['DNG']);
    toggleFavourite('ana', 'MB');
    expect(readFavourites('ana')).toEqual(['HCM']);
    expect(JSON.parse(window.localStorage.getItem(favouritesKey('ana')) ?? '')).toEqual(['HCM']);
    expect(readFavourites(null)).toEqual([]);
  });

  test('a damaged entry counts as none', () => {
    window.localStorage.setItem(favouritesKey('chi'), '{not json');
    expect(readFavourites('chi')).toEqual([]);
  });
});
