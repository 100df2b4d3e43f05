import { describe, expect, test } from 'vitest';
import { INITIAL_LOBBY, lobbyReducer, type LobbyState } from './lobbyState';

const ON_PAGE_3_OF_HOT: LobbyState = { ...INITIAL_LOBBY, type: 'hot', pageNo: 3 };

describe('lobby reset rules (SPEC §4)', () => {
  test('vendor, search, class and min bet go back to page 1 of all games', () => {
    expect(lobbyReducer(ON_PAGE_3_OF_HOT, { kind: 'vendor' })).toMatchObject({ type: 'all', pageNo: 1 });
    expect(lobbyReducer(ON_PAGE_3_OF_HOT, { kind: 'minBet', value: '0.01' })).toMatchObject({ type: 'all', pageNo: 1, minBet: '0.01' });
    expect(lobbyReducer(ON_PAGE_3_OF_HOT, { kind: 'classify', value: 'JP' })).toMatchObject({ type: 'all', pageNo: 1, classify: 'JP' });
    const typed = lobbyReducer(ON_PAGE_3_OF_HOT, { kind: 'draft', value: '  fish ' });
    expect(typed).toMatchObject({ type: 'hot', pageNo: 3 });
    expect(lobbyReducer(typed, { kind: 'search' })).toMatchObject({ type: 'all', pageNo: 1, search: 'fish' });
  });

  test('a search for the same text changes nothing', () => {
    const state = { ...ON_PAGE_3_OF_HOT, draft: 'fish ', search: 'fish' };
    expect(lobbyReducer(state, { kind: 'search' })).toBe(state);
  });

  test('another list starts on page 1; hot, favourites and recent start without filters', () => {
    const filtered: LobbyState = { type: 'all', pageNo: 2, draft: 'x', search: 'x', minBet: '0.05', classify: 'SC' };
    expect(lobbyReducer(filtered, { kind: 'type', value: 'fav' })).toEqual({ ...INITIAL_LOBBY, type: 'fav' });
    expect(lobbyReducer(filtered, { kind: 'type', value: 'all' })).toEqual({ ...filtered, pageNo: 1 });
  });
});
