import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, ResourceContextProvider } from 'react-admin';
import type { ReactElement } from 'react';
import { fakeApi } from '../../test/fakeApi';
import { staffSession } from '../../test/sessions';
import { dataProvider } from '../dataProvider';
import { i18nProvider } from '../i18n';
import { remember } from '../session';
import { GameList } from './GameList';
import { GameVendorList } from './GameVendorList';
import { VendorWalletList } from './VendorWalletList';

const VENDOR = {
  vassalage: 'JILI',
  displayName: 'Jili Games',
  lane: 'RNG',
  state: 'enabled',
  inMaintenance: false,
  maintenanceFrom: null,
  maintenanceUntil: null,
  maintenanceMessage: null,
  position: 2,
  gameCount: 140,
};

const GAME = {
  id: 31,
  vassalage: 'JILI',
  vendorName: 'Jili Games',
  gameCode: 'J-77',
  displayName: 'Golden Empire',
  gameType: 'RNG',
  lane: 'RNG',
  active: true,
  state: 'enabled',
  hot: false,
  rank: 10,
  staffSet: { hot: null, rank: 10, lane: null },
};

function renderList(resource: string, list: ReactElement) {
  remember(staffSession({}, [{ slug: 'demo-bd', name: 'Demo BD', roles: ['games'], permissions: ['games.manage'], languages: ['bn', 'en'], timeZone: 'Asia/Dhaka' }]));
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ResourceContextProvider value={resource}>{list}</ResourceContextProvider>
      <Notification />
    </AdminContext>,
  );
}

// react-admin's whole lists and dialogs in jsdom: slow to draw on a busy two-core machine.
describe('the games pages', { timeout: 90000 }, () => {
  it('put a vendor in maintenance with a message, keeping its place', async () => {
    const user = userEvent.setup();
    const sent = fakeApi({
      'GET /bo/api/brands/demo-bd/game-vendors': { value: { items: [VENDOR], total: 1, page: 1, pageSize: 1 } },
      'PUT /bo/api/brands/demo-bd/game-vendors/JILI': ({ body }) => ({ value: { ...VENDOR, ...(body as object) } }),
    });
    renderList('gameVendors', <GameVendorList />);
    expect(await screen.findByText('Jili Games', {}, { timeout: 20000 })).toBeTruthy();
    expect(screen.getByText('140')).toBeTruthy();
    expect(sent[0].query.get('page')).toBeNull(); // the whole list in one answer

    await user.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Jili Games' });
    await user.click(within(dialog).getByRole('combobox', { name: /State/ }));
    await user.click(await screen.findByRole('option', { name: 'Maintenance' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Message to members' }));
    await user.paste('Upgrade tonight');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Done.')).toBeTruthy();
    const put = sent.find((call) => call.method === 'PUT')!;
    expect(put.path).toBe('/bo/api/brands/demo-bd/game-vendors/JILI');
    expect(put.body).toEqual({ state: 'maintenance', maintenance: { from: null, until: null, message: 'Upgrade tonight' }, position: 2 });
  });

  it("send only what was changed of a game, and show the API's refusal", async () => {
    const user = userEvent.setup();
    const sent = fakeApi({
      'GET /bo/api/brands/demo-bd/game-vendors': { value: { items: [VENDOR], total: 1, page: 1, pageSize: 1 } },
      'GET /bo/api/brands/demo-bd/games': { value: { items: [GAME], total: 1, page: 1, pageSize: 50 } },
      'PUT /bo/api/brands/demo-bd/games/31': { status: 400, code: 'game_lane_unknown', message: 'This lane is not one of the lobby.' },
    });
    renderList('games', <GameList />);
    expect(await screen.findByText('Golden Empire', {}, { timeout: 20000 })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Golden Empire' });
    await user.click(within(dialog).getByRole('switch', { name: 'Hot' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Lane/ }));
    await user.click(await screen.findByRole('option', { name: 'Live casino' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This lane is not one of the lobby.')).toBeTruthy();
    expect(sent.find((call) => call.method === 'PUT')!.body).toEqual({ hot: true, lane: 'LIVE' });
    expect(screen.getByRole('dialog')).toBeTruthy(); // still open with what was chosen

    // Staff's order goes back to the vendor's.
    await user.click(within(dialog).getByRole('button', { name: "Back to the vendor's hot mark, order and lane" }));
    expect(sent.filter((call) => call.method === 'PUT').at(-1)!.body).toEqual({ rank: null });
  });

  it("show the vendor wallets' mismatches and the members a vendor did not answer for", async () => {
    const sent = fakeApi({
      'GET /bo/api/brands/demo-bd/vendor-wallets': {
        value: {
          items: [
            { memberId: 5, username: 'ann', vassalage: 'JILI', answered: true, vendorHolds: '120.00', expected: '100.00', wallet: '90.00', playSinceTransfer: '10.00', difference: '20.00' },
            { memberId: 6, vassalage: 'SEXY', answered: false },
          ],
          total: 2,
          page: 1,
          pageSize: 50,
          compared: 40,
          underWay: 1,
        },
      },
    });
    renderList('vendorWallets', <VendorWalletList />);
    expect(await screen.findByText('40 members compared, 1 with a transfer under way left out: 2 mismatches', {}, { timeout: 20000 })).toBeTruthy();
    const ann = screen.getByText('ann').closest('tr')!;
    expect(within(ann).getByText('120.00')).toBeTruthy();
    expect(within(ann).getByText('20.00')).toBeTruthy();
    expect(within(screen.getByText('#6').closest('tr')!).getByText('The vendor did not answer')).toBeTruthy();
    expect(sent[0].query.get('pageSize')).toBe('50');
  });
});
