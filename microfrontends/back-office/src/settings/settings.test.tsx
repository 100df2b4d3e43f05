import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { fakeApi } from '../../test/fakeApi';
import { renderPage } from '../../test/renderPage';
import { staffSession } from '../../test/sessions';
import { remember } from '../session';
import { AllowedNetworks } from './AllowedNetworks';
import { BrandSettings } from './BrandSettings';

const BRAND = '/bo/api/brands/demo-bd';
const HOME = { network: '203.0.113.0/24', label: 'Office', createdBy: 'dana', createdAt: '2026-11-01T08:00:00Z' };
const OPEN_WINDOW = { id: 3, startsAt: '2026-11-27T08:00:00Z', endsAt: null, info: 'Upgrading the wallet', open: true };
const PAST_WINDOW = { id: 2, startsAt: '2026-11-20T08:00:00Z', endsAt: '2026-11-20T09:00:00Z', info: null, open: false };
const FIELD = { enabled: true, required: true, acceptedPattern: '.*', patternId: 'any', minLength: 6, maxLength: 20 };
const REGISTER = {
  folder: { username: FIELD, birthday: { ...FIELD, enabled: false, required: false } },
  overrides: { username: { minLength: 8 } },
  effective: { username: { ...FIELD, minLength: 8 }, birthday: { ...FIELD, enabled: false, required: false } },
};

function editor(routes: Parameters<typeof fakeApi>[0]) {
  remember(staffSession({}, [{ slug: 'demo-bd', name: 'Demo BD', roles: ['admin'], permissions: ['settings.edit'], languages: ['bn', 'en'], timeZone: 'Asia/Dhaka' }]));
  return fakeApi(routes);
}

const page = (element: React.ReactElement) => (
  <>
    {element}
    <Notification />
  </>
);

// react-admin's whole pages in jsdom: slow to draw on a busy two-core machine.
describe("the brand's settings", { timeout: 90000 }, () => {
  it('replaces the allowed networks, and shows why a list locking the staff member out is refused', async () => {
    const user = userEvent.setup();
    const sent = editor({
      [`GET ${BRAND}/settings/allowed-networks`]: { value: { items: [HOME], total: 1, page: 1, pageSize: 1 } },
      [`PUT ${BRAND}/settings/allowed-networks`]: {
        status: 409,
        code: 'network_locks_you_out',
        message: 'Your address 198.51.100.7 is not in this list: saving it would lock you out.',
      },
    });
    renderPage(page(<AllowedNetworks />), { path: '/allowedNetworks' });
    expect(await screen.findByText('Office', {}, { timeout: 20000 })).toBeTruthy();
    expect(screen.getByText(/A list that leaves out the address you work from is refused/)).toBeTruthy();
    const network = screen.getByRole('textbox', { name: /Network/ }) as HTMLInputElement;
    await user.clear(network);
    await user.type(network, '192.0.2.0/24');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const shown = await screen.findAllByText(/saving it would lock you out/);
    expect(shown.some((text) => text.closest('.MuiAlert-standardError'))).toBe(true);
    expect(sent.find((call) => call.method === 'PUT')!.body).toEqual({ networks: [{ network: '192.0.2.0/24', label: 'Office' }] });
  });

  it('lists the maintenance windows, ends an open one, schedules one and sets the approval threshold', async () => {
    const user = userEvent.setup();
    const sent = editor({
      [`GET ${BRAND}/maintenance-windows`]: { value: { items: [OPEN_WINDOW, PAST_WINDOW], total: 2, page: 1, pageSize: 10 } },
      [`POST ${BRAND}/maintenance-windows/3/end`]: { value: { ...OPEN_WINDOW, endsAt: '2026-11-27T09:00:00Z', open: false } },
      [`POST ${BRAND}/maintenance-windows`]: { value: { ...OPEN_WINDOW, id: 4 } },
      [`GET ${BRAND}/settings/approvals`]: { value: { threshold: '10000.00', currency: 'BDT' } },
      [`PUT ${BRAND}/settings/approvals`]: { value: { threshold: '5000.50', currency: 'BDT' } },
    });
    renderPage(page(<BrandSettings />), { path: '/settings' });
    expect(await screen.findByText('Upgrading the wallet', {}, { timeout: 20000 })).toBeTruthy();
    expect(screen.getByText(/tenant folder stays the reviewed source/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'End now' })).toHaveLength(1); // the past one is over
    await user.click(screen.getByRole('button', { name: 'End now' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent.some((call) => call.method === 'POST' && call.path === `${BRAND}/maintenance-windows/3/end`)).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('textbox', { name: 'Message to members' }));
    await user.paste('Back at noon');
    await user.click(screen.getByRole('button', { name: 'Schedule maintenance' }));
    await waitFor(() => expect(sent.some((call) => call.method === 'POST' && call.path === `${BRAND}/maintenance-windows`)).toBe(true));
    expect(sent.find((call) => call.path === `${BRAND}/maintenance-windows` && call.method === 'POST')!.body).toEqual({
      startsAt: null,
      endsAt: null,
      info: 'Back at noon',
    });

    await user.click(screen.getByRole('tab', { name: 'Approval threshold' }));
    const threshold = (await screen.findByRole('textbox', { name: /Threshold/ })) as HTMLInputElement;
    expect(threshold.value).toBe('10000.00');
    expect(screen.getByText('BDT')).toBeTruthy();
    await user.clear(threshold);
    await user.type(threshold, '5000.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.find((call) => call.method === 'PUT')?.body).toEqual({ threshold: '5000.50' }));
  });

  it("overrides register fields over the folder's, keeping staff's earlier ones, and shows a refusal", async () => {
    const user = userEvent.setup();
    const sent = editor({
      [`GET ${BRAND}/maintenance-windows`]: { value: { items: [], total: 0, page: 1, pageSize: 10 } },
      [`GET ${BRAND}/register-settings`]: { value: REGISTER },
      [`PUT ${BRAND}/register-settings`]: { status: 400, code: 'register_pattern_unknown', message: 'There is no pattern "nothing".' },
    });
    renderPage(page(<BrandSettings />), { path: '/settings' });
    await user.click(await screen.findByRole('tab', { name: 'Register fields' }, { timeout: 20000 }));
    const birthday = await screen.findByRole('region', { name: 'birthday' });
    expect(within(birthday).getAllByText("Folder's: No").length).toBeGreaterThan(0);
    await user.click(within(birthday).getByRole('combobox', { name: 'Shown' }));
    await user.click(await screen.findByRole('option', { name: 'Yes' }));
    await user.click(within(birthday).getByRole('textbox', { name: 'Pattern' }));
    await user.paste('nothing');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('There is no pattern "nothing".', {}, { timeout: 10000 })).toBeTruthy();
    expect(sent.find((call) => call.method === 'PUT')!.body).toEqual({
      fields: { username: { minLength: 8 }, birthday: { enabled: true, patternId: 'nothing' } },
    });
  });

  it("sets the blocked regions over the folder's and blocks unknown regions, leaving the allowed ones to the folder", async () => {
    const user = userEvent.setup();
    const policy = { blockedRegions: ['US'], allowedRegions: [], unknownRegion: 'allow' };
    const sent = editor({
      [`GET ${BRAND}/maintenance-windows`]: { value: { items: [], total: 0, page: 1, pageSize: 10 } },
      [`GET ${BRAND}/region-policy`]: {
        value: { folder: policy, overrides: { blockedRegions: null, allowedRegions: null, unknownRegion: null }, effective: policy },
      },
      [`PUT ${BRAND}/region-policy`]: { value: { folder: policy, overrides: policy, effective: policy } },
    });
    renderPage(page(<BrandSettings />), { path: '/settings' });
    await user.click(await screen.findByRole('tab', { name: 'Regions' }, { timeout: 20000 }));
    expect(await screen.findByText("Folder's: US. Now: US.")).toBeTruthy();
    await user.click(screen.getByLabelText('Set the blocked regions here'));
    await user.type(await screen.findByRole('combobox', { name: 'Blocked regions' }), 'ph{Enter}');
    await user.click(screen.getByRole('combobox', { name: 'Member whose region is unknown' }));
    await user.click(await screen.findByRole('option', { name: 'Block' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent.find((call) => call.method === 'PUT')?.body).toEqual({ blockedRegions: ['US', 'PH'], allowedRegions: null, unknownRegion: 'block' }),
    );
  });
});
