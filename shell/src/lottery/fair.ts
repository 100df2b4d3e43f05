/**
 * A fast draw checked in the browser, as the server draws it (platform/tessera/lottery/fair.py):
 * SHA-256 of the draw's seed is the previous hash; hashing the seed down ``rank`` times reaches the
 * series' commitment; prize j with d digits is HMAC-SHA256(key = the seed's bytes,
 * message = "<numero>:<j>") read big-endian, mod 10^d, zero-padded.
 */
import type { FairDraw } from './types';

/** The digits of the northern format's 27 prizes, in published order (prizes.NORTH): fast draws use it. */
export const NORTH_DIGITS: readonly number[] = [
  5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 3, 3, 2, 2, 2, 2,
];

const HASH = /^[0-9a-f]{64}$/;

function bytesOf(hex: string): Uint8Array<ArrayBuffer> {
  if (!HASH.test(hex)) throw new Error('hash_invalid');
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i += 1) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function hexOf(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}

/** The draw's rank in its series: the numero's "-####" part (20301114-0042 → 42), or null. */
export function rankOf(numero: string): number | null {
  const match = /^\d{8}-(\d{1,6})$/.exec(numero);
  return match ? Number(match[1]) : null;
}

/** The series' day of a numero ("20301114-0042" → "2030-11-14"), or null. */
export function dayOf(numero: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})-\d+$/.exec(numero);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/** SHA-256 of the seed (hex in, hex out). */
export async function previousHashOf(seed: string): Promise<string> {
  return hexOf((await sha256(bytesOf(seed))).buffer);
}

/** The seed hashed ``steps`` times: the commitment h_0 when ``steps`` is the draw's rank. */
export async function hashDown(seed: string, steps: number): Promise<string> {
  let value = bytesOf(seed);
  for (let step = 0; step < steps; step += 1) value = await sha256(value);
  return hexOf(value.buffer);
}

/** The prizes a seed gives the draw ``numero``, with the digits of each prize. */
export async function drawPrizes(seed: string, numero: string, digits: readonly number[] = NORTH_DIGITS): Promise<string[]> {
  const key = await crypto.subtle.importKey('raw', bytesOf(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const encoder = new TextEncoder();
  return Promise.all(
    digits.map(async (width, position) => {
      const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${numero}:${position}`));
      const value = BigInt(`0x${hexOf(mac)}`) % 10n ** BigInt(width);
      return value.toString().padStart(width, '0');
    }),
  );
}

/** What the check found, each part on its own. */
export interface FairCheck {
  /** SHA-256(seed) is the published previous hash. */
  chained: boolean;
  /** Hashing the seed down (rank) times gives the series' commitment. */
  committed: boolean;
  /** The commitment checked is the one the series published (GET /lgw/fair/series). */
  seriesMatches: boolean;
  /** The commitment was made before the draw stopped taking bets. */
  committedBeforeLock: boolean;
  /** Per prize: the published number, the recomputed one and whether they agree. */
  prizes: Array<{ published: string | null; recomputed: string; matches: boolean }>;
  holds: boolean;
}

/** Check ``draw`` against the ``seriesCommitment`` its day's series published. */
export async function checkDraw(draw: FairDraw, seriesCommitment: string): Promise<FairCheck> {
  const rank = rankOf(draw.numero);
  const chained = (await previousHashOf(draw.seed)) === draw.previousHash;
  const committed = rank !== null && (await hashDown(draw.seed, rank)) === seriesCommitment;
  const seriesMatches = seriesCommitment === draw.commitment;
  const committedBeforeLock = Date.parse(draw.committedAt) < Date.parse(draw.lockAt);
  const recomputed = await drawPrizes(draw.seed, draw.numero);
  const prizes = recomputed.map((number, position) => {
    const published = draw.prizes[position] ?? null;
    return { published, recomputed: number, matches: published === number };
  });
  const prizesMatch = draw.prizes.length === recomputed.length && prizes.every((prize) => prize.matches);
  return {
    chained,
    committed,
    seriesMatches,
    committedBeforeLock,
    prizes,
    holds: chained && committed && seriesMatches && committedBeforeLock && prizesMatch,
  };
}
