import { describe, expect, test } from 'vitest';
import { checkDraw, dayOf, drawPrizes, hashDown, previousHashOf, rankOf } from './fair';
import type { FairDraw } from './types';

// Computed with the server's own module (platform/tessera/lottery/fair.py):
//   Series('11' * 32, 5): commitment, seed_of(3), previous_hash(seed), draw_prizes(seed, '20301114-0003', NORTH)
const COMMITMENT = '4a7e548f67548996f647098178b2a2a24fa92c91dcefac91b3ad1506c582a114';
const SEED = '59420d36b80353ed5a5822ca464cc9bffb8abe9cd63959651d3cd85a8252d83f';
const PREVIOUS = '175e2b04a64e93b5928d0f64f2fc0ffbcdcd98be473e08d5c2a4eda3724126d3';
const PRIZES = [
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

describe("the fast draws' proof, recomputed in the browser", () => {
  test("the server's vector: previous hash, commitment after (rank) hashes, every prize", async () => {
    expect(await previousHashOf(SEED)).toBe(PREVIOUS);
    expect(await hashDown(SEED, 3)).toBe(COMMITMENT);
    expect(await drawPrizes(SEED, '20301114-0003')).toEqual(PRIZES);
  });

  test('the rank and day come from the numero', () => {
    expect(rankOf('20301114-0042')).toBe(42);
    expect(rankOf('20301114')).toBeNull();
    expect(dayOf('20301114-0042')).toBe('2030-11-14');
  });

  test('a true draw holds; each way of being false is told apart', async () => {
    expect((await checkDraw(FAIR_DRAW, COMMITMENT)).holds).toBe(true);

    const changed = [...PRIZES];
    changed[26] = '67';
    const wrongPrize = await checkDraw({ ...FAIR_DRAW, prizes: changed }, COMMITMENT);
    expect(wrongPrize.holds).toBe(false);
    expect(wrongPrize.prizes[26]).toEqual({ published: '67', recomputed: '66', matches: false });
    expect(wrongPrize.prizes.filter((prize) => !prize.matches)).toHaveLength(1);

    const otherSeries = await checkDraw(FAIR_DRAW, PREVIOUS);
    expect(otherSeries).toMatchObject({ chained: true, committed: false, seriesMatches: false, holds: false });

    const late = await checkDraw({ ...FAIR_DRAW, committedAt: '2030-11-13T17:02:50Z' }, COMMITMENT);
    expect(late).toMatchObject({ committedBeforeLock: false, holds: false });

    const otherRank = await checkDraw({ ...FAIR_DRAW, numero: '20301114-0004' }, COMMITMENT);
    expect(otherRank.committed).toBe(false);
  });
});
