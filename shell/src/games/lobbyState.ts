/** The lobby's lists (SPEC §4 game list type). */
export const LIST_TYPES = ['all', 'hot', 'fav', 'recent'] as const;
export type ListType = (typeof LIST_TYPES)[number];

/** Lists that need a session (SPEC §5). */
export const MEMBER_TYPES: readonly ListType[] = ['fav', 'recent'];

/** Min-bet filter options besides 'all' (SPEC §9), as the server compares them. */
export const MIN_BETS = ['0.01', '0.05', '0.10', '0.50', '0.75'] as const;

/** Slot classes (SPEC §9); BG only for a brand that has the TY vendor. */
export const CLASSIFIES = ['SC', 'VP', 'TG', 'AC', 'JP'] as const;
export const TY_CLASSIFY = 'BG';
export const TY_VENDOR = 'TY';

export interface LobbyState {
  type: ListType;
  pageNo: number;
  /** The search box's text, searched for once the player pauses or presses Enter. */
  draft: string;
  search: string;
  /** '' is every min bet, every class. */
  minBet: string;
  classify: string;
}

export type LobbyAction =
  | { kind: 'vendor' }
  | { kind: 'draft'; value: string }
  | { kind: 'search' }
  | { kind: 'minBet'; value: string }
  | { kind: 'classify'; value: string }
  | { kind: 'type'; value: ListType }
  | { kind: 'page'; value: number };

export const INITIAL_LOBBY: LobbyState = { type: 'all', pageNo: 1, draft: '', search: '', minBet: '', classify: '' };

const firstOfAll = { type: 'all', pageNo: 1 } as const;

/**
 * SPEC §4: changing the vendor, the search, the class or the min bet goes back to the first page
 * of all games. The filters narrow the whole list only, so the hot, favourite and recent lists
 * start without them.
 */
export function lobbyReducer(state: LobbyState, action: LobbyAction): LobbyState {
  switch (action.kind) {
    case 'vendor':
      return { ...state, ...firstOfAll };
    case 'draft':
      return { ...state, draft: action.value };
    case 'search': {
      const search = state.draft.trim();
      return search === state.search ? state : { ...state, search, ...firstOfAll };
    }
    case 'minBet':
      return { ...state, minBet: action.value, ...firstOfAll };
    case 'classify':
      return { ...state, classify: action.value, ...firstOfAll };
    case 'type':
      return action.value === 'all'
        ? { ...state, ...firstOfAll }
        : { ...INITIAL_LOBBY, type: action.value };
    case 'page':
      return { ...state, pageNo: action.value };
  }
}
