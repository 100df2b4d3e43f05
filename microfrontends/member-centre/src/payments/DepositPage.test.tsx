import { act, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { writeSession } from '@tessera/kit';
import { RETURNED_POLL_LIMIT_MS, RETURNED_POLL_MS } from './deposits';
import { DepositPage } from './index';
import { BALANCE_PATH, bodyOf, callsTo, refusal } from '../wallet/testWallet';
import { callsOf, formOf, image, renderPage } from './testPayments';

const CHANNELS_PATH = '/wps/wallet/deposit/channels';
const DEPOSITS_PATH = '/wps/wallet/deposits';

const BANK = {
  channel: 'bank',
  plugin: 'manual_bank',
  title: 'Bank transfer',
  kind: 'manual',
  minAmount: '100.00',
  maxAmount: '50000.00',
  instructions: { bankName: 'Demo Bank', accountName: 'Tessera Ltd', accountNumber: '0123456789', note: 'Use your username as the remark' },
};
const GATEWAY = { channel: 'quickpay', plugin: 'demo_gateway', title: 'QuickPay', kind: 'redirect', minAmount: '200.00', maxAmount: '25000.00' };
const CHANNELS = { currency: 'BDT', currencySymbol: '৳', channels: [BANK, GATEWAY] };

function deposit(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    channel: 'bank',
    channelTitle: 'Bank transfer',
    kind: 'manual',
    amount: '1500.50',
    currency: 'BDT',
    status: 'pending',
    reference: 'TXN1',
    hasProof: false,
    remark: null,
    createdAt: '2026-11-23T05:01:02Z',
    updatedAt: '2026-11-23T05:01:02Z',
    ...overrides,
  };
}

const page = (list: unknown[] = []) => ({ list, pageNo: 1, totalPages: 1, total: list.length });

/** A POST to the deposits answers ``started``; a GET lists ``list``. */
function depositsAnswer(started: unknown, list: unknown[] = []) {
  return (_url: URL, init?: RequestInit) => (init?.method === 'POST' ? started : page(list));
}

const amountInput = () => document.querySelector<HTMLInputElement>('input[name="amount"]')!;
const fieldError = (name: string) => document.querySelector(`[data-field-error="${name}"]`)?.textContent;

// The page titles are the member centre's (registered with its registry, not loaded here).

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  writeSession(null);
});

describe('deposit page', () => {
  test('lists the channels with their limits in the currency, and the recent deposits with their status words', async () => {
    const recent = [
      deposit(3, { amount: '1234.50', status: 'paid' }),
      deposit(2, { amount: '200.00', status: 'rejected', channelTitle: 'QuickPay' }),
      deposit(1, { amount: '50000.00', status: 'expired' }),
    ];
    renderPage(<DepositPage />, { [CHANNELS_PATH]: CHANNELS, [DEPOSITS_PATH]: page(recent) });
    expect(await screen.findByRole('heading', { name: 'Deposit' })).toBeTruthy();
    const methods = await screen.findByRole('group', { name: 'Payment method' });
    expect(within(methods).getByRole('radio', { name: /Bank transfer/ })).toHaveProperty('checked', true);
    await waitFor(() => expect(document.querySelector('[data-channel="bank"]')?.textContent).toContain('Minimum ৳100.00, maximum ৳50,000.00'));
    expect(document.querySelector('[data-channel="quickpay"]')?.textContent).toContain('Minimum ৳200.00, maximum ৳25,000.00');

    const rows = await screen.findAllByRole('row');
    const cells = rows.slice(1).map((row) => within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Bank transfer', '৳1,234.50', 'Paid'],
      ['QuickPay', '৳200.00', 'Rejected'],
      ['Bank transfer', '৳50,000.00', 'Expired'],
    ]);
  });

  test('checks the amount, the reference and the proof before sending, in English and Bengali', async () => {
    const { calls, user } = renderPage(<DepositPage />, { [CHANNELS_PATH]: CHANNELS, [DEPOSITS_PATH]: page() });
    const submit = await screen.findByRole('button', { name: 'Submit deposit' });
    await user.click(submit);
    expect(fieldError('amount')).toBe('Please enter an amount');
    expect(fieldError('reference')).toBe('Required');
    expect(document.activeElement).toBe(amountInput());

    const tries: Array<[string, string]> = [
      ['12,5', 'Please enter an amount in digits, such as 100 or 100.50'],
      ['-5', 'Please enter an amount in digits, such as 100 or 100.50'],
      ['100.555', 'Please enter a multiple of 0.01'],
      ['0.00', 'Please enter an amount above zero'],
      ['99.99', 'The minimum amount is ৳100.00'],
      ['50000.01', 'The maximum amount is ৳50,000.00'],
    ];
    for (const [typed, message] of tries) {
      await user.clear(amountInput());
      await user.type(amountInput(), typed);
      await user.click(submit);
      expect(fieldError('amount')).toBe(message);
    }
    await user.upload(screen.getByLabelText(/Proof of transfer/), image('statement.gif', 'image/gif'));
    expect(fieldError('proof')).toBe('statement.gif is not a PNG or JPG image.');
    await user.upload(screen.getByLabelText(/Proof of transfer/), image('big.png', 'image/png', 5 * 1024 * 1024 + 1));
    expect(fieldError('proof')).toBe('big.png is larger than 5 MB.');

    await act(() => i18next.changeLanguage('bn'));
    await user.clear(amountInput());
    await user.click(screen.getByRole('button', { name: 'জমা দিন' }));
    expect(fieldError('amount')).toBe('অনুগ্রহ করে পরিমাণ লিখুন');
    expect(fieldError('reference')).toBe('আবশ্যক');
    await user.type(amountInput(), '99');
    await user.click(screen.getByRole('button', { name: 'জমা দিন' }));
    expect(fieldError('amount')).toBe('সর্বনিম্ন পরিমাণ 100.00৳'); // where Bengali writes the taka sign
    expect(callsOf(calls, 'POST', DEPOSITS_PATH)).toHaveLength(0);
  });

  test('a manual deposit shows the account to pay, posts the amount and reference with a request id, then uploads the proof', async () => {
    const { calls, user } = renderPage(<DepositPage />, {
      [CHANNELS_PATH]: CHANNELS,
      [DEPOSITS_PATH]: depositsAnswer({ deposit: deposit(31), instructions: BANK.instructions }),
      [`${DEPOSITS_PATH}/31/proof`]: { deposit: deposit(31, { hasProof: true }) },
    });
    const instructions = await screen.findByRole('region', { name: 'Transfer to this account' });
    expect(document.querySelector('[data-instruction="accountNumber"] dd')?.textContent).toContain('0123456789');
    expect(document.querySelector('[data-instruction="note"] dd')?.textContent).toBe('Use your username as the remark');
    await user.click(within(instructions).getByRole('button', { name: 'Copy account number' }));
    // user-event gives the page a clipboard of its own.
    expect(await navigator.clipboard.readText()).toBe('0123456789');
    expect(within(instructions).getByRole('status').textContent).toBe('Copied');

    await user.type(amountInput(), '1500.5');
    await user.type(screen.getByRole('textbox', { name: /Transfer reference/ }), ' TXN1 ');
    await user.upload(screen.getByLabelText(/Proof of transfer/), image('slip.jpg', 'image/jpeg'));
    const balanceCalls = callsTo(calls, BALANCE_PATH).length;
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));

    expect((await screen.findByText(/has been submitted/)).textContent).toBe('Your deposit of ৳1,500.50 has been submitted and is waiting for review.');
    const [post] = callsOf(calls, 'POST', DEPOSITS_PATH);
    const { requestId, ...fields } = bodyOf(post);
    expect(fields).toEqual({ channel: 'bank', amount: '1500.5', reference: 'TXN1' });
    expect(requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    const upload = callsOf(calls, 'POST', `${DEPOSITS_PATH}/31/proof`);
    expect(upload).toHaveLength(1);
    expect(formOf(upload[0])).toEqual({ proof: 'file:slip.jpg' });
    expect(new Headers(upload[0].init?.headers).get('Authorization')).toBe('Bearer tok');
    expect(calls.indexOf(post)).toBeLessThan(calls.indexOf(upload[0]));
    // The balance and the list are loaded again after the deposit.
    await waitFor(() => expect(callsTo(calls, BALANCE_PATH)).toHaveLength(balanceCalls + 1));
    await waitFor(() => expect(callsOf(calls, 'GET', DEPOSITS_PATH)).toHaveLength(2));
  });

  test('a refused proof upload keeps the recorded deposit and offers another upload', async () => {
    let proofAnswer: unknown = refusal(400, 'proof_too_large', 'The image is too large.');
    const { calls, user } = renderPage(<DepositPage />, {
      [CHANNELS_PATH]: CHANNELS,
      [DEPOSITS_PATH]: depositsAnswer({ deposit: deposit(31) }),
      [`${DEPOSITS_PATH}/31/proof`]: () => proofAnswer,
    });
    await user.type(await screen.findByRole('textbox', { name: /^Amount/ }), '200');
    await user.type(screen.getByRole('textbox', { name: /Transfer reference/ }), 'TXN2');
    await user.upload(screen.getByLabelText(/Proof of transfer/), image('slip.png'));
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your deposit was recorded, but the proof could not be uploaded: The image is too large.');

    proofAnswer = { deposit: deposit(31, { hasProof: true }) };
    await user.upload(screen.getByLabelText(/^Proof of transfer/), image('smaller.png'));
    await user.click(screen.getByRole('button', { name: 'Upload the proof' }));
    expect(await screen.findByText('Your proof has been uploaded.')).toBeTruthy();
    expect(callsOf(calls, 'POST', DEPOSITS_PATH)).toHaveLength(1);
    expect(callsOf(calls, 'POST', `${DEPOSITS_PATH}/31/proof`).map(formOf)).toEqual([{ proof: 'file:slip.png' }, { proof: 'file:smaller.png' }]);
  });

  test("a gateway deposit sends the member to the gateway's page", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { calls, user } = renderPage(<DepositPage />, {
      [CHANNELS_PATH]: CHANNELS,
      [DEPOSITS_PATH]: depositsAnswer({ deposit: deposit(32, { channel: 'quickpay', kind: 'redirect' }), redirectUrl: 'https://pay.example/checkout/32' }),
    });
    await user.click(await screen.findByRole('radio', { name: /QuickPay/ }));
    expect(screen.queryByRole('textbox', { name: /Transfer reference/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Transfer to this account' })).toBeNull();
    await user.type(amountInput(), '150');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(fieldError('amount')).toBe('The minimum amount is ৳200.00');

    await user.clear(amountInput());
    await user.type(amountInput(), '300');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/checkout/32'));
    const { requestId, ...fields } = bodyOf(callsOf(calls, 'POST', DEPOSITS_PATH)[0]);
    expect(fields).toEqual({ channel: 'quickpay', amount: '300' });
    expect(typeof requestId).toBe('string');
    expect(screen.getByRole('status').textContent).toBe('Taking you to the payment page…');
  });

  test("a refusal from the server is shown under the amount; a retry of the same deposit keeps its request id", async () => {
    let answer: unknown = new Response('bad gateway', { status: 502 });
    const { calls, user } = renderPage(<DepositPage />, {
      [CHANNELS_PATH]: CHANNELS,
      [DEPOSITS_PATH]: (_url: URL, init?: RequestInit) => (init?.method === 'POST' ? answer : page()),
    });
    await user.click(await screen.findByRole('radio', { name: /QuickPay/ }));
    await user.type(amountInput(), '300');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Network link abnormal. Please try again.');
    answer = refusal(400, 'amount_above_maximum', 'The most you can deposit is ৳250.00', { max: '250.00' });
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(fieldError('amount')).toBe('The most you can deposit is ৳250.00'));
    const ids = callsOf(calls, 'POST', DEPOSITS_PATH).map((call) => bodyOf(call).requestId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  test('back from the gateway: the deposit is asked about every 2 s while pending, then the balance is loaded again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = ['pending', 'pending', 'paid'];
    const { calls } = renderPage(
      <DepositPage />,
      {
        [CHANNELS_PATH]: CHANNELS,
        [DEPOSITS_PATH]: page(),
        [`${DEPOSITS_PATH}/41`]: () => deposit(41, { channelTitle: 'QuickPay', amount: '500.00', status: answers.shift() ?? 'paid' }),
      },
      '/?deposit=41',
    );
    const returned = await screen.findByRole('region', { name: 'Your deposit' });
    await waitFor(() => expect(within(returned).getByRole('status').textContent).toBe('Waiting for the payment to be confirmed…'));
    expect(within(returned).getByText('Pending')).toBeTruthy();
    const balanceCalls = callsTo(calls, BALANCE_PATH).length;

    await act(() => vi.advanceTimersByTimeAsync(RETURNED_POLL_MS));
    await act(() => vi.advanceTimersByTimeAsync(RETURNED_POLL_MS));
    await waitFor(() => expect(within(returned).getByRole('status').textContent).toBe('Your deposit of ৳500.00 has been credited.'));
    expect(returned.getAttribute('data-status')).toBe('paid');
    expect(within(returned).getByText('Paid')).toBeTruthy();
    expect(callsTo(calls, `${DEPOSITS_PATH}/41`)).toHaveLength(3);
    await waitFor(() => expect(callsTo(calls, BALANCE_PATH).length).toBe(balanceCalls + 1));

    // Paid: no more asking.
    await act(() => vi.advanceTimersByTimeAsync(RETURNED_POLL_MS * 3));
    expect(callsTo(calls, `${DEPOSITS_PATH}/41`)).toHaveLength(3);
  });

  test('back from the gateway: a deposit still pending after a minute is no longer asked about until the member checks again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls, user } = renderPage(
      <DepositPage />,
      { [CHANNELS_PATH]: CHANNELS, [DEPOSITS_PATH]: page(), [`${DEPOSITS_PATH}/42`]: deposit(42, { status: 'pending' }) },
      '/?deposit=42',
    );
    const returned = await screen.findByRole('region', { name: 'Your deposit' });
    await act(() => vi.advanceTimersByTimeAsync(RETURNED_POLL_LIMIT_MS));
    await waitFor(() => expect(within(returned).getByRole('status').textContent).toBe('The payment has not been confirmed yet. It will be credited as soon as it is.'));
    const asked = callsTo(calls, `${DEPOSITS_PATH}/42`).length;
    expect(asked).toBeGreaterThanOrEqual(RETURNED_POLL_LIMIT_MS / RETURNED_POLL_MS - 1);
    expect(asked).toBeLessThanOrEqual(RETURNED_POLL_LIMIT_MS / RETURNED_POLL_MS + 2);
    await act(() => vi.advanceTimersByTimeAsync(RETURNED_POLL_MS * 5));
    expect(callsTo(calls, `${DEPOSITS_PATH}/42`)).toHaveLength(asked);

    await user.click(within(returned).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(callsTo(calls, `${DEPOSITS_PATH}/42`)).toHaveLength(asked + 1));
    expect(within(returned).getByRole('status').textContent).toBe('Waiting for the payment to be confirmed…');
  });
});
