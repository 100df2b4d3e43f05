// The Vietnamese lottery's draw formats as platform/tessera/lottery/prizes.py has them: each prize's
// numbers and digits in the order the results are published (the north's 27 from the special prize
// down, the south's and centre's 18 from the 8th prize up), and a draw's numbers read against them.

export const PRIZES = ['special', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'] as const;
export type Prize = (typeof PRIZES)[number];
export type Region = 'north' | 'central' | 'south';
export const REGIONS: Region[] = ['north', 'central', 'south'];

export interface Slot {
  prize: Prize;
  /** Its index among its prize's numbers (0-based). */
  index: number;
  digits: number;
}

function slots(...prizes: [Prize, number, number][]): Slot[] {
  return prizes.flatMap(([prize, count, digits]) => Array.from({ length: count }, (_, index) => ({ prize, index, digits })));
}

const NORTH = slots(
  ['special', 1, 5],
  ['first', 1, 5],
  ['second', 2, 5],
  ['third', 6, 5],
  ['fourth', 4, 4],
  ['fifth', 6, 4],
  ['sixth', 3, 3],
  ['seventh', 4, 2],
);
const SOUTH = slots(
  ['eighth', 1, 2],
  ['seventh', 1, 3],
  ['sixth', 3, 4],
  ['fifth', 1, 4],
  ['fourth', 7, 5],
  ['third', 2, 5],
  ['second', 1, 5],
  ['first', 1, 5],
  ['special', 1, 6],
);

/** A region's slots in published order (the centre draws in the southern format). */
export const FORMATS: Record<Region, Slot[]> = { north: NORTH, central: SOUTH, south: SOUTH };

/** The region whose format a draw has: its game's (fast games draw in the northern format); else
 * told by its numbers' count once drawn; null when neither says. */
export function drawRegion(draw: { kind?: string; prizes?: string[] | null }, gameRegion?: string | null): Region | null {
  if (draw.kind === 'fast') return 'north';
  if (gameRegion && (REGIONS as string[]).includes(gameRegion)) return gameRegion as Region;
  if (draw.prizes?.length === NORTH.length) return 'north';
  if (draw.prizes?.length === SOUTH.length) return 'south';
  return null;
}

/** A draw's numbers by prize, special first down to the lowest the format has. */
export function byPrize(slotsOf: Slot[], numbers: string[]): { prize: Prize; numbers: string[] }[] {
  const found = new Map<Prize, string[]>();
  slotsOf.forEach((slot, position) => {
    const list = found.get(slot.prize) ?? [];
    list.push(numbers[position] ?? '');
    found.set(slot.prize, list);
  });
  return PRIZES.filter((prize) => found.has(prize)).map((prize) => ({ prize, numbers: found.get(prize)! }));
}

/** Whether ``number`` fits ``slot``: digits only, exactly its count. */
export function fits(slot: Slot, number: string): boolean {
  return number.length === slot.digits && /^[0-9]+$/.test(number);
}
