import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, ResourceContextProvider, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import type { ReactElement } from 'react';
import { fakeApi } from '../../test/fakeApi';
import { staffSession } from '../../test/sessions';
import { dataProvider } from '../dataProvider';
import { i18nProvider } from '../i18n';
import { remember } from '../session';
import { ApprovalList } from '../approvals/ApprovalList';
import { DrawList } from './DrawList';
import { DrawShow } from './DrawShow';
import { LotteryBook } from './LotteryBook';
import { LotteryGameList } from './LotteryGameList';
import { FORMATS, byPrize, drawRegion } from './formats';
import { capMark } from './Liability';
import { brandTime } from './times';

const BRAND = '/bo/api/brands/demo-vn';
const SOUTH_PRIZES = ['23', '456', '1234', '5678', '9012', '3456', '11111', '22222', '33333', '44444', '55555', '66666', '77777', '88888', '99999', '12121', '34343', '565656'];
const DRAW = {
  id: 12,
  gameCode: 'HCM',
  remark: 'TP. Hồ Chí Minh',
  kind: 'vietnamese',
  numero: '20300114',
  state: 'drawn',
  drawAt: '2030-01-14T09:15:00Z',
  lockAt: '2030-01-14T09:00:00Z',
  drawnAt: '2030-01-14T09:40:00Z',
  prizes: SOUTH_PRIZES,
  resultVersion: 1,
  pendingApproval: null,
};
const OPEN_DRAW = { ...DRAW, id: 13, numero: '20300121', state: 'open', drawAt: '2030-01-21T09:15:00Z', lockAt: '2030-01-21T09:00:00Z', drawnAt: null, prizes: null, resultVersion: 0 };
const GAMES = [
  { gameCode: 'MB', kind: 'vietnamese', name: 'Miền Bắc', enabled: true, region: 'north', weekdays: [1, 2, 3, 4, 5, 6, 7], drawTime: '18:15', lockMinutes: 15, interval: null, lockSeconds: null, updatedBy: null, updatedAt: null },
  { gameCode: 'HCM', kind: 'vietnamese', name: 'TP. Hồ Chí Minh', enabled: true, region: 'south', weekdays: [2, 7], drawTime: '16:15', lockMinutes: 15, interval: null, lockSeconds: null, updatedBy: null, updatedAt: null },
  { gameCode: 'ELOTT1M', kind: 'fast', name: 'Siêu tốc 1 phút', enabled: true, region: 'north', weekdays: [1, 2, 3, 4, 5, 6, 7], drawTime: null, lockMinutes: null, interval: 60, lockSeconds: 10, updatedBy: 'lan', updatedAt: '2030-01-01T00:00:00Z' },
];
const GAMES_ANSWER = { value: { items: GAMES, total: GAMES.length, page: 1, pageSize: GAMES.length } };
const SETTLEMENT = {
  drawId: 12,
  gameCode: 'HCM',
  numero: '20300114',
  state: 'drawn',
  resultVersion: 1,
  bets: {
    placed: { count: 0, stakes: '0', payouts: '0', versions: [] },
    won: { count: 3, stakes: '30000', payouts: '2970000', versions: [1] },
    lost: { count: 41, stakes: '820000', payouts: '0', versions: [1] },
    void: { count: 1, stakes: '10000', payouts: '0', versions: [] },
  },
};

function staff(permissions: string[]) {
  remember(staffSession({}, [{ slug: 'demo-vn', name: 'Demo VN', roles: ['lottery'], permissions, languages: ['vi', 'en'], timeZone: 'Asia/Ho_Chi_Minh' }]));
}

function renderIn(resource: string, page: ReactElement) {
  render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
        <ResourceContextProvider value={resource}>{page}</ResourceContextProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('the draw formats', () => {
  it('lay a southern draw out by prize, special first, and tell a draw’s region', () => {
    const laid = byPrize(FORMATS.south, SOUTH_PRIZES);
    expect(laid.map(({ prize }) => prize)).toEqual(['special', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth']);
    expect(laid[0].numbers).toEqual(['565656']);
    expect(laid[6].numbers).toEqual(['1234', '5678', '9012']);
    expect(FORMATS.north).toHaveLength(27);
    expect(FORMATS.central).toHaveLength(18);
    expect(drawRegion({ kind: 'fast' }, 'south')).toBe('north');
    expect(drawRegion({ kind: 'vietnamese' }, 'central')).toBe('central');
    expect(drawRegion({ kind: 'vietnamese', prizes: SOUTH_PRIZES })).toBe('south');
    expect(drawRegion({ kind: 'vietnamese' })).toBeNull();
    expect(brandTime('2030-01-14T09:15:00Z', 'Asia/Ho_Chi_Minh')).toBe('2030-01-14 16:15');
    expect(capMark({ cap: '1000', room: '0' })).toBe('at');
    expect(capMark({ cap: '1000', room: '100' })).toBe('near');
    expect(capMark({ cap: '1000', room: '101' })).toBeNull();
  });
});

// react-admin's whole pages in jsdom: slow to draw on a busy two-core machine.
describe('the lottery pages', { timeout: 90000 }, () => {
  it('list the draws newest first with their times in the brand’s zone, filtered by game', async () => {
    const user = userEvent.setup();
    staff(['lottery.read']);
    const sent = fakeApi({
      [`GET ${BRAND}/lottery/draws`]: { value: { items: [OPEN_DRAW, DRAW], total: 2, page: 1, pageSize: 50 } },
      [`GET ${BRAND}/lottery/games`]: GAMES_ANSWER,
    });
    renderIn('lotteryDraws', <DrawList />);
    expect(await screen.findByText('20300114', {}, { timeout: 20000 })).toBeTruthy();
    const row = screen.getByText('20300114').closest('tr')!;
    expect(within(row).getByText('2030-01-14 16:15')).toBeTruthy(); // draw time, Vietnam's
    expect(within(row).getByText('2030-01-14 16:00')).toBeTruthy(); // bets close
    expect(within(row).getByText('Drawn')).toBeTruthy();
    expect(within(screen.getByText('20300121').closest('tr')!).getByText('Open')).toBeTruthy();
    expect(screen.getByText('Times in Asia/Ho_Chi_Minh')).toBeTruthy();
    const list = sent.find((call) => call.path === `${BRAND}/lottery/draws`)!;
    expect(list.query.get('pageSize')).toBe('50');
    await user.click(screen.getByRole('combobox', { name: 'Game' }));
    await user.click(await screen.findByRole('option', { name: 'TP. Hồ Chí Minh' }));
    await waitFor(() => expect(sent.filter((call) => call.path === `${BRAND}/lottery/draws`).at(-1)!.query.get('gameCode')).toBe('HCM'));
  });

  it('show a drawn draw by prize with its settlement, and send a correction only once every number has its digits', async () => {
    const user = userEvent.setup();
    staff(['lottery.read', 'lottery.results']);
    const sent = fakeApi({
      [`GET ${BRAND}/lottery/draws/12`]: { value: DRAW },
      [`GET ${BRAND}/lottery/games`]: GAMES_ANSWER,
      [`GET ${BRAND}/lottery/draws/12/settlement`]: { value: SETTLEMENT },
      [`POST ${BRAND}/lottery/draws/12/results`]: { status: 202, value: { approval: { id: 77, action: 'lottery.results', target: 'lottery_draw:12', status: 'pending' } } },
    });
    renderIn('lotteryDraws', <DrawShow id={12} />);
    const prizes = await screen.findByRole('table', { name: 'Prizes' }, { timeout: 20000 });
    const rows = within(prizes).getAllByRole('row');
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Special prize', '1st prize', '2nd prize', '3rd prize', '4th prize', '5th prize', '6th prize', '7th prize', '8th prize',
    ]);
    expect(within(rows[0]).getByText('565656')).toBeTruthy();
    expect(within(rows[6]).getByText('9012')).toBeTruthy();
    const settlement = await screen.findByRole('table', { name: 'Settlement' });
    const won = within(settlement).getByText('Won').closest('tr')!;
    expect(within(won).getByText('3')).toBeTruthy();
    expect(within(won).getByText('2970000')).toBeTruthy();
    expect(screen.queryByText('Liability')).toBeNull(); // only for an open draw

    await user.click(screen.getByRole('button', { name: 'Correct results' }));
    // The form holds the draw's numbers in published order: 18 fields, the 8th prize first.
    const eighth = screen.getByRole('textbox', { name: '8th prize' }) as HTMLInputElement;
    expect(eighth.value).toBe('23');
    expect(screen.getByRole('textbox', { name: '4th prize 7' })).toBeTruthy();
    await user.clear(eighth);
    await user.type(eighth, '123');
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByText('2 digits, digits only')).toBeTruthy();
    expect(sent.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(eighth);
    await user.type(eighth, '32');
    await user.click(screen.getByRole('textbox', { name: /Reason/ }));
    await user.paste('Official sheet, 8th prize misread');
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByText(/Waiting for a second approver/)).toBeTruthy();
    const post = sent.find((call) => call.method === 'POST')!;
    expect(post.path).toBe(`${BRAND}/lottery/draws/12/results`);
    expect(post.body).toEqual({ prizes: ['32', ...SOUTH_PRIZES.slice(1)], reason: 'Official sheet, 8th prize misread' });
  });

  it('enter a northern draw’s 27 numbers pasted at once, refusing one of the wrong digits', async () => {
    const user = userEvent.setup();
    staff(['lottery.read', 'lottery.results']);
    const north = ['12345', '23456', '34567', '45678', '56789', '67890', '78901', '89012', '90123', '01234', '1234', '2345', '3456', '4567', '5678', '6789', '7890', '8901', '9012', '0123', '123', '234', '345', '12', '34', '56', '78'];
    const sent = fakeApi({
      [`GET ${BRAND}/lottery/draws/20`]: { value: { ...OPEN_DRAW, id: 20, gameCode: 'MB', remark: 'Miền Bắc', drawAt: '2020-01-21T11:15:00Z' } },
      [`GET ${BRAND}/lottery/games`]: GAMES_ANSWER,
      [`GET ${BRAND}/lottery/draws/20/settlement`]: { value: { ...SETTLEMENT, drawId: 20 } },
      [`GET ${BRAND}/lottery/draws/20/liability`]: { value: { drawId: 20, gameCode: 'MB', numero: '20200121', items: [] } },
      [`POST ${BRAND}/lottery/draws/20/results`]: { status: 202, value: { approval: { id: 78 } } },
    });
    renderIn('lotteryDraws', <DrawShow id={20} />);
    await user.click(await screen.findByRole('button', { name: 'Enter results' }, { timeout: 20000 }));
    await user.click(screen.getByRole('textbox', { name: 'Paste the numbers' }));
    await user.paste([...north.slice(0, 26), '789'].join(' '));
    await user.click(screen.getByRole('button', { name: 'Fill the fields' }));
    expect((screen.getByRole('textbox', { name: 'Special prize' }) as HTMLInputElement).value).toBe('12345');
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByText('2 digits, digits only')).toBeTruthy();
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
    const last = screen.getByRole('textbox', { name: '7th prize 4' });
    await user.clear(last);
    await user.type(last, '78');
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => expect(sent.some((call) => call.method === 'POST')).toBe(true));
    expect(sent.find((call) => call.method === 'POST')!.body).toEqual({ prizes: north });
  });

  it('ask for confirmation before asking to cancel a draw, and show the request waiting', async () => {
    const user = userEvent.setup();
    staff(['lottery.read', 'lottery.results']);
    let draw: Record<string, unknown> = OPEN_DRAW;
    const sent = fakeApi({
      [`GET ${BRAND}/lottery/draws/13`]: () => ({ value: draw }),
      [`GET ${BRAND}/lottery/games`]: GAMES_ANSWER,
      [`GET ${BRAND}/lottery/draws/13/settlement`]: { value: { ...SETTLEMENT, drawId: 13, state: 'open', resultVersion: 0 } },
      [`GET ${BRAND}/lottery/draws/13/liability`]: { value: { drawId: 13, gameCode: 'HCM', numero: '20300121', items: [] } },
      [`POST ${BRAND}/lottery/draws/13/cancel`]: () => {
        draw = { ...OPEN_DRAW, pendingApproval: 81 };
        return { status: 202, value: { approval: { id: 81 } } };
      },
    });
    renderIn('lotteryDraws', <DrawShow id={13} />);
    // Not due yet: no results, but it can be cancelled.
    expect(await screen.findByText(/can be entered after the draw, at 2030-01-21 16:15/, {}, { timeout: 20000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enter results' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancel draw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel TP. Hồ Chí Minh 20300121?' });
    expect(within(dialog).getByText(/bets become void and are refunded/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep the draw' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel draw' }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('textbox', { name: 'Reason' }));
    await user.paste('Feed outage');
    await user.click(within(again).getByRole('button', { name: 'Ask to cancel' }));
    expect(await screen.findByText(/Request 81 waits for a second staff member/)).toBeTruthy();
    expect(sent.find((call) => call.method === 'POST')!.body).toEqual({ reason: 'Feed outage' });
    expect(screen.queryByRole('button', { name: 'Cancel draw' })).toBeNull();
  });

  it('mark the numbers of an open draw at or near the cap, read again on demand by bet type', async () => {
    const user = userEvent.setup();
    staff(['lottery.read']);
    const items = [
      { family: '2', number: '68', stakes: '101', liability: '10000000', cap: '10000000', room: '0' },
      { family: '2', number: '39', stakes: '92', liability: '9200000', cap: '10000000', room: '800000' },
      { family: '2', number: '07', stakes: '10', liability: '990000', cap: '10000000', room: '9010000' },
    ];
    const sent = fakeApi({
      [`GET ${BRAND}/lottery/draws/13`]: { value: OPEN_DRAW },
      [`GET ${BRAND}/lottery/games`]: GAMES_ANSWER,
      [`GET ${BRAND}/lottery/draws/13/settlement`]: { value: { ...SETTLEMENT, drawId: 13 } },
      [`GET ${BRAND}/lottery/draws/13/liability`]: ({ query }) => ({
        value: { drawId: 13, gameCode: 'HCM', numero: '20300121', items: query.get('betType') ? items.map((item) => ({ ...item, roomStake: '0' })) : items },
      }),
    });
    renderIn('lotteryDraws', <DrawShow id={13} />);
    const table = await screen.findByRole('table', { name: 'Liability' }, { timeout: 20000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['68', '39', '07']); // largest first
    expect(within(rows[0]).getByText('At the cap')).toBeTruthy();
    expect(within(rows[1]).getByText('Near the cap')).toBeTruthy();
    expect(within(rows[2]).queryByText(/the cap/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel draw' })).toBeNull(); // lottery.results not held
    expect(screen.queryByText('Results')).toBeNull();

    const reads = () => sent.filter((call) => call.path === `${BRAND}/lottery/draws/13/liability`);
    const before = reads().length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(reads().length).toBe(before + 1));
    await user.click(screen.getByRole('combobox', { name: 'Bet type' }));
    await user.click(await screen.findByRole('option', { name: 'Đề' }));
    await waitFor(() => expect(reads().at(-1)!.query.get('betType')).toBe('de'));
    expect(await screen.findByText('Stake still accepted')).toBeTruthy();
  });

  it('show the schedule and change a game, sending only what changed', async () => {
    const user = userEvent.setup();
    staff(['lottery.read', 'lottery.manage']);
    const sent = fakeApi({
      [`GET ${BRAND}/lottery/games`]: GAMES_ANSWER,
      [`PUT ${BRAND}/lottery/games/HCM`]: ({ body }) => ({ value: { ...GAMES[1], ...(body as object) } }),
    });
    renderIn('lotteryGames', <LotteryGameList />);
    const hcm = (await screen.findByText('TP. Hồ Chí Minh', {}, { timeout: 20000 })).closest('tr')!;
    expect(within(hcm).getByText('Mon Sat')).toBeTruthy();
    expect(within(hcm).getByText('16:15, bets close 15 min before')).toBeTruthy();
    expect(within(screen.getByText('Siêu tốc 1 phút').closest('tr')!).getByText('Every 60 s, bets close 10 s before')).toBeTruthy();

    await user.click(within(hcm).getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change TP. Hồ Chí Minh' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Wednesday' }));
    const lock = within(dialog).getByRole('spinbutton', { name: /Bets close/ });
    await user.clear(lock);
    await user.type(lock, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Done.')).toBeTruthy();
    expect(sent.find((call) => call.method === 'PUT')!.body).toEqual({ weekdays: [2, 4, 7], lockMinutes: 20 });
  });

  it('hide the schedule’s changes without lottery.manage', async () => {
    staff(['lottery.read']);
    fakeApi({ [`GET ${BRAND}/lottery/games`]: GAMES_ANSWER });
    renderIn('lotteryGames', <LotteryGameList />);
    expect(await screen.findByText('TP. Hồ Chí Minh', {}, { timeout: 20000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
  });

  it('show the book by region and change a line and the cap, showing the API’s refusal', async () => {
    const user = userEvent.setup();
    staff(['lottery.read', 'lottery.manage']);
    const line = { costModel: 'stake', price: null, payout: null, minStake: '1000', maxStake: '5000000', maxPerNumber: '10000000' };
    const book = {
      sells: ['vietnam'],
      memberDrawLimit: '50000000',
      numberCap: '200000000',
      lines: [
        { region: 'north', betType: 'lo_2', costModel: 'point', price: '27000', payout: '99000', odds: null, minStake: '1', maxStake: '1000', maxPerNumber: '5000' },
        { region: 'north', betType: 'de', ...line, odds: '99' },
        { region: 'south', betType: 'de', ...line, odds: '98' },
      ],
      overrides: {},
    };
    const sent = fakeApi({
      [`GET ${BRAND}/lottery/book`]: { value: book },
      [`GET ${BRAND}/lottery/games`]: GAMES_ANSWER,
      [`PUT ${BRAND}/lottery/book`]: ({ body }) =>
        (body as { numberCap?: string }).numberCap === '1'
          ? { status: 400, code: 'book_invalid', message: 'The cap on a number is below a stake it allows.' }
          : { value: book },
    });
    renderIn('lotteryBook', <LotteryBook />);
    const lo = (await screen.findByText('Lô 2 digits', {}, { timeout: 20000 })).closest('tr')!;
    expect(within(lo).getByText('27000')).toBeTruthy();
    expect(within(lo).getByText('99000')).toBeTruthy();
    expect(within(screen.getByText('Đề').closest('tr')!).getByText('×99')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'South' }));
    const de = screen.getByText('Đề').closest('tr')!;
    expect(within(de).getByText('×98')).toBeTruthy();
    expect(screen.queryByText('Lô 2 digits')).toBeNull();

    await user.click(within(de).getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Đề · South' });
    const odds = within(dialog).getByRole('textbox', { name: /Odds/ });
    await user.clear(odds);
    await user.type(odds, '97.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((call) => call.method === 'PUT')).toBe(true));
    expect(sent.find((call) => call.method === 'PUT')!.body).toEqual({ lines: [{ region: 'south', betType: 'de', odds: '97.5' }] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const cap = screen.getByRole('textbox', { name: /Liability cap per number/ });
    await user.clear(cap);
    await user.type(cap, '1');
    await user.click(screen.getAllByRole('button', { name: 'Save' }).at(-1)!);
    expect(await screen.findByText('The cap on a number is below a stake it allows.')).toBeTruthy();
    expect(sent.filter((call) => call.method === 'PUT').at(-1)!.body).toEqual({ numberCap: '1' });
  });

  it('price a game apart from its region: its own lines marked, changed for it, and back to the region’s', async () => {
    const user = userEvent.setup();
    staff(['lottery.read', 'lottery.manage']);
    const line = { costModel: 'stake', price: null, payout: null, minStake: '1000', maxStake: '5000000', maxPerNumber: '10000000' };
    const book = {
      sells: ['vietnam', 'fast'],
      memberDrawLimit: '50000000',
      numberCap: '200000000',
      lines: [
        { region: 'north', gameCode: null, betType: 'de', ...line, odds: '99' },
        { region: 'north', gameCode: null, betType: 'dau', ...line, odds: '9.9' },
        { region: 'north', gameCode: 'ELOTT1M', betType: 'de', ...line, odds: '95' },
      ],
      overrides: { lines: { ELOTT1M: { de: { odds: '95' } } } },
    };
    const sent = fakeApi({
      [`GET ${BRAND}/lottery/book`]: { value: book },
      [`GET ${BRAND}/lottery/games`]: GAMES_ANSWER,
      [`PUT ${BRAND}/lottery/book`]: { value: book },
    });
    renderIn('lotteryBook', <LotteryBook />);
    const regionDe = (await screen.findByText('Đề', {}, { timeout: 20000 })).closest('tr')!;
    expect(within(regionDe).getByText('×99')).toBeTruthy(); // every game of the region: the region's line
    await user.click(await screen.findByRole('combobox', { name: /Priced for/ }));
    await user.click(await screen.findByRole('option', { name: 'Siêu tốc 1 phút (ELOTT1M)' }));
    const own = screen.getByText('Đề').closest('tr')!;
    expect(within(own).getByText('×95')).toBeTruthy();
    expect(within(own).getByText("This game's own")).toBeTruthy();
    expect(within(screen.getByText(/Đầu/).closest('tr')!).queryByText("This game's own")).toBeNull();

    await user.click(within(screen.getByText(/Đầu/).closest('tr')!).getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: /ELOTT1M/ });
    const odds = within(dialog).getByRole('textbox', { name: /Odds/ });
    await user.clear(odds);
    await user.type(odds, '9.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(sent.find((call) => call.method === 'PUT')!.body).toEqual({ lines: [{ gameCode: 'ELOTT1M', betType: 'dau', odds: '9.5' }] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(screen.getByText('Đề').closest('tr')!).getByRole('button', { name: "Back to the region's" }));
    await waitFor(() => expect(sent.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(sent.filter((call) => call.method === 'PUT').at(-1)!.body).toEqual({ lines: [{ gameCode: 'ELOTT1M', betType: 'de', clear: true }] });
  });

  it('tell a brand selling no lottery so, not as an error', async () => {
    staff(['lottery.read']);
    fakeApi({
      [`GET ${BRAND}/lottery/book`]: { status: 404, code: 'game_unknown', message: 'There is no game lottery.' },
      [`GET ${BRAND}/lottery/games`]: { value: { items: [], total: 0, page: 1, pageSize: 1 } },
    });
    renderIn('lotteryBook', <LotteryBook />);
    expect(await screen.findByText(/This brand sells no lottery/, {}, { timeout: 20000 })).toBeTruthy();
    expect(screen.queryByText('There is no game lottery.')).toBeNull();
  });

  it('show the approvals of a draw’s results (with the numbers proposed) and cancellation readably, leading to the draw', async () => {
    staff(['lottery.read', 'lottery.results']);
    const approval = { amount: null, requestedBy: 'lan', requestedAt: '2030-01-14T10:00:00Z', status: 'pending', decidedBy: null, decidedAt: null, reason: null, permission: 'lottery.results' };
    fakeApi({
      [`GET ${BRAND}/approvals`]: {
        value: {
          items: [
            { ...approval, id: 77, action: 'lottery.results', target: 'lottery_draw:12', prizes: ['12327', '45611', '71'] },
            { ...approval, id: 81, action: 'lottery.cancel', target: 'lottery_draw:13', prizes: null },
          ],
          total: 2,
          page: 1,
          pageSize: 10,
        },
      },
    });
    renderIn('approvals', <ApprovalList />);
    const results = (await screen.findByText("Enter or correct a draw's results", {}, { timeout: 20000 })).closest('tr')!;
    expect(within(results).getByRole('link', { name: 'Lottery draw 12' }).getAttribute('href')).toBe('/lotteryDraws/12/show');
    expect(within(results).getByText('Proposed: 12327 · 45611 · 71')).toBeTruthy();
    expect(within(screen.getByText('Cancel a draw').closest('tr')!).getByRole('link', { name: 'Lottery draw 13' })).toBeTruthy();
  });
});
