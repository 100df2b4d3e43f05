// The contract's answers for the lottery pages' tests.
import { writeSession } from '@tessera/kit';
import type { Board, DrawnDraw, FairDraw, FairSeries, LotteryGame, LotteryMenu } from './types';

export const MEMBER = { token: 'token-1', isAgent: 4, username: 'member1' };

export function logIn(username = MEMBER.username) {
  writeSession({ ...MEMBER, username });
}

export function gameOf(overrides: Partial<LotteryGame> = {}): LotteryGame {
  return {
    gameId: 'MB',
    gameMenuTag: 'NORTH',
    remark: 'Miền Bắc',
    region: 'north',
    prizeMode: 'LOTT',
    numero: '20301114',
    remainTime: 120_000,
    lockTime: '2030-11-14T11:00:00Z',
    winningTime: '2030-11-14T11:15:00Z',
    drawDayOfWeek: '1,2,3,4,5,6,7',
    interval: null,
    ...overrides,
  };
}

export const VN_MENUS: LotteryMenu[] = [
  { tag: 'NORTH', gameMenus: [gameOf()] },
  {
    tag: 'CENTRAL',
    gameMenus: [
      gameOf({ gameId: 'DNG', gameMenuTag: 'CENTRAL', remark: 'Đà Nẵng', region: 'central', numero: '20301114', drawDayOfWeek: '4,7' }),
      gameOf({ gameId: 'KH', gameMenuTag: 'CENTRAL', remark: 'Khánh Hòa', region: 'central', numero: null, remainTime: 0, drawDayOfWeek: '1,4' }),
    ],
  },
  { tag: 'SOUTH', gameMenus: [gameOf({ gameId: 'HCM', gameMenuTag: 'SOUTH', remark: 'TP. Hồ Chí Minh', region: 'south', drawDayOfWeek: '2,7' })] },
];

export const FAST_GAME = gameOf({
  gameId: 'ELOTT1M',
  gameMenuTag: 'FAST',
  remark: 'Fast 1 minute',
  prizeMode: 'ELOTT',
  numero: '20301114-0042',
  remainTime: 30_000,
  interval: 60,
});

export const FAST_MENUS: LotteryMenu[] = [{ tag: 'FAST', gameMenus: [FAST_GAME] }];

export const BOARD: Board = {
  gameId: 'MB',
  region: 'north',
  currency: 'BDT',
  perDrawLimit: '100000',
  betTypes: [
    {
      code: 'lo_2', digits: 2, count: 1, exact: false, costModel: 'point', price: '27', payout: '99', odds: null,
      minStake: '1', maxStake: '1000', maxPerNumber: '5000', stakedPerNumber: true,
    },
    {
      code: 'de', digits: 2, count: 1, exact: false, costModel: 'stake', price: null, payout: null, odds: '99',
      minStake: '1', maxStake: '10000', maxPerNumber: '50000', stakedPerNumber: true,
    },
    {
      code: 'xien_2', digits: 2, count: 2, exact: true, costModel: 'stake', price: null, payout: null, odds: '15',
      minStake: '1', maxStake: '10000', maxPerNumber: '50000', stakedPerNumber: false,
    },
    {
      code: 'ba_cang', digits: 3, count: 1, exact: false, costModel: 'stake', price: null, payout: null, odds: '980',
      minStake: '1', maxStake: '1000', maxPerNumber: '5000', stakedPerNumber: true,
    },
  ],
};

export const RESULTS: DrawnDraw[] = [
  {
    gameId: 'ELOTT1M',
    numero: '20301114-0041',
    winningTime: '2030-11-14T04:41:00Z',
    resultVersion: 2,
    prizes: [
      { prize: 'special', numbers: ['12345'] },
      { prize: 'seventh', numbers: ['01', '23', '45', '67'] },
    ],
  },
];

// Computed with the server's own module (platform/tessera/lottery/fair.py):
//   Series('11' * 32, 5): commitment, seed_of(3), previous_hash(seed), draw_prizes(seed, '20301114-0003', NORTH)
export const COMMITMENT = '4a7e548f67548996f647098178b2a2a24fa92c91dcefac91b3ad1506c582a114';
export const SEED = '59420d36b80353ed5a5822ca464cc9bffb8abe9cd63959651d3cd85a8252d83f';
export const PREVIOUS = '175e2b04a64e93b5928d0f64f2fc0ffbcdcd98be473e08d5c2a4eda3724126d3';
export const PRIZES = [
  '50518', '53056', '96489', '41341', '02916', '79652', '56989', '72149', '50484', '24851', '6601', '6046', '6366', '7697',
  '7548', '5285', '0896', '9942', '3700', '5100', '831', '216', '984', '70', '87', '04', '66',
];

export const FAIR_DRAW: FairDraw = {
  gameCode: 'ELOTT1M',
  numero: '20301114-0003',
  seed: SEED,
  previousHash: PREVIOUS,
  commitment: COMMITMENT,
  committedAt: '2030-11-13T17:00:00Z',
  lockAt: '2030-11-13T17:02:50Z',
  prizes: PRIZES,
  drawnAt: '2030-11-13T17:03:00Z',
};

export const FAIR_SERIES: FairSeries = {
  gameCode: 'ELOTT1M',
  day: '2030-11-14',
  length: 1920,
  commitment: COMMITMENT,
  committedAt: '2030-11-13T17:00:00Z',
  firstDrawAt: '2030-11-13T17:00:00Z',
};

/** An envelope refusing with ``code`` (status ``status``), carrying ``value``. */
export function refusal(code: string, status = 409, value: unknown = null): Response {
  return new Response(JSON.stringify({ success: false, code, message: `server: ${code}`, value }), { status });
}
