import { describe, expect, test } from 'vitest';
import { checkDraw, dayOf, drawPrizes, hashDown, previousHashOf, rankOf } from './fair';
import { COMMITMENT, FAIR_DRAW, PREVIOUS, PRIZES, SEED } from './testLottery';

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
