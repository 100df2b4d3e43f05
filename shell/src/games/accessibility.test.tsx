import { waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, expect, test } from 'vitest';
import { writeSession } from '@tessera/kit';
import { MEMBER, PATHS, card, renderLobby, vendorOf, vendorsOf } from './testGames';

afterEach(() => writeSession(null));

/** Serious and critical axe findings; colours are checked by the browser tests (jsdom draws nothing). */
async function violations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('the e-games lobby with arrows, filters, cards and the pager', async () => {
  renderLobby('/rng?page=A', { [PATHS.vendors]: vendorsOf('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H') }, MEMBER);
  await waitFor(() => expect(card('P1-0')).not.toBeNull());
  await waitFor(() => expect(document.querySelector('[data-vendor-tab="H"]')).not.toBeNull());
  expect(await violations()).toEqual([]);
});

test('the live lobby with its tables', async () => {
  renderLobby(
    '/live?vendor=EVO',
    {
      [PATHS.vendors]: { vendors: [vendorOf('EVO', { gameType: 'LIVE', category: 'LIVE' })] },
      [PATHS.rooms]: {
        rooms: [{ roomId: 'r1', gameCode: 'BAC1', nodeId: null, name: 'Baccarat A', dealer: 'Mia', minBet: '1.00', maxBet: '500.00', players: 1, status: 'open' }],
      },
    },
    MEMBER,
  );
  await waitFor(() => expect(document.querySelector('[data-room="r1"]')).not.toBeNull());
  expect(await violations()).toEqual([]);
});
