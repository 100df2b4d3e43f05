import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { writeSession } from '@tessera/kit';
import { renderInShell, serve, type Answers } from '../../../shell/test/render';
import { TransferFundPage } from './TransferFundPage';
import { BALANCE_PATH, balanceOf, bodyOf, callsTo, refusal, SESSION } from './wallet/testWallet';

const MERCHANT_PATH = '/wps/relay/GCS_merchantWallet';
const TRANSFER_PATH = '/wps/relay/GCS_walletTransfer';
const MERCHANT = { isSingle: false, wallets: [{ vassalage: 'DEMOTW', displayName: 'Demo Transfer' }, { vassalage: 'SLOTX', displayName: 'Slot X' }] };

/** Balance answers in turn (the last one repeats). */
function balances(...answers: unknown[]) {
  return () => (answers.length > 1 ? answers.shift() : answers[0]);
}

function renderPage(answers: Answers) {
  writeSession(SESSION);
  const calls = serve({ [MERCHANT_PATH]: MERCHANT, ...answers });
  renderInShell(<TransferFundPage />);
  return calls;
}

const walletCard = (vassalage: string) => within(document.querySelector<HTMLElement>(`li[data-wallet="${vassalage}"]`)!);
const shown = (selector: string) => document.querySelector(selector)?.textContent;


afterEach(() => writeSession(null));

describe('my wallet', () => {
  test('the total, main and every vendor balance with the currency sign, separators and two decimals', async () => {
    renderPage({ [BALANCE_PATH]: { ...balanceOf('1234.5', { DEMOTW: '20000', SLOTX: '0.00' }), sumBalance: '21234.50' } });
    await waitFor(() => expect(shown('[data-wallet="sum"] dd')).toBe('৳21,234.50'));
    expect(shown('[data-wallet="main"] dd')).toBe('৳1,234.50');
    expect(shown('[data-wallet="DEMOTW"] [data-wallet-balance]')).toBe('৳20,000.00');
    expect(shown('[data-wallet="SLOTX"] [data-wallet-balance]')).toBe('৳0.00');
    expect(await screen.findAllByRole('form')).toHaveLength(2);
  });

  test('a brand with only the main wallet shows no transfers', async () => {
    renderPage({ [BALANCE_PATH]: balanceOf('50.00', { DEMOTW: '5.00' }), [MERCHANT_PATH]: { isSingle: true, wallets: [] } });
    await waitFor(() => expect(shown('[data-wallet="main"] dd')).toBe('৳50.00'));
    await waitFor(() => expect(document.querySelector('.wallet__vendors')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Transfer' })).toBeNull();
  });

  test('a transfer in posts the vendor, direction, amount and a request id, then refreshes the balance', async () => {
    const calls = renderPage({
      [BALANCE_PATH]: balances(balanceOf('500.00', { DEMOTW: '0.00' }), balanceOf('349.50', { DEMOTW: '150.50' })),
      [TRANSFER_PATH]: { transferId: 't1', status: 'done', mainBalance: '349.50', walletBalance: '150.50', sumBalance: '500.00' },
    });
    await waitFor(() => expect(document.querySelector('li[data-wallet="DEMOTW"]')).not.toBeNull());
    const card = walletCard('DEMOTW');
    fireEvent.change(card.getByLabelText(/Amount/), { target: { value: '150.5' } });
    fireEvent.click(card.getByRole('button', { name: 'Transfer' }));
    expect(await card.findByText('The transfer is done.')).toBeTruthy();
    const body = bodyOf(callsTo(calls, TRANSFER_PATH)[0]);
    expect(body).toEqual({ vassalage: 'DEMOTW', direction: 'in', amount: '150.5', requestId: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/) });
    await waitFor(() => expect(shown('[data-wallet="DEMOTW"] [data-wallet-balance]')).toBe('৳150.50'));
    expect(shown('[data-wallet="main"] dd')).toBe('৳349.50');
    expect(callsTo(calls, BALANCE_PATH)).toHaveLength(2);
    expect((card.getByLabelText(/Amount/) as HTMLInputElement).value).toBe('');
  });

  test('"All" out moves the whole vendor balance as the server counts it, without an amount', async () => {
    const calls = renderPage({
      [BALANCE_PATH]: balanceOf('10.00', { DEMOTW: '75.25' }),
      [TRANSFER_PATH]: { transferId: 't2', status: 'pending', mainBalance: '10.00', walletBalance: '75.25', sumBalance: '85.25' },
    });
    await waitFor(() => expect(document.querySelector('li[data-wallet="DEMOTW"]')).not.toBeNull());
    const card = walletCard('DEMOTW');
    fireEvent.click(card.getByRole('radio', { name: 'Demo Transfer to main wallet' }));
    fireEvent.click(card.getByRole('button', { name: 'All' }));
    expect((card.getByLabelText(/Amount/) as HTMLInputElement).value).toBe('75.25');
    fireEvent.click(card.getByRole('button', { name: 'Transfer' }));
    expect(await card.findByText('The transfer is being processed. Your balance updates when it is done.')).toBeTruthy();
    expect(bodyOf(callsTo(calls, TRANSFER_PATH)[0])).toEqual({ vassalage: 'DEMOTW', direction: 'out', all: true, requestId: expect.any(String) });
  });

  test('amounts are checked before anything is sent: above the source wallet, too precise, nothing to move', async () => {
    const calls = renderPage({ [BALANCE_PATH]: balanceOf('100.00', { DEMOTW: '0.00' }) });
    await waitFor(() => expect(document.querySelector('li[data-wallet="DEMOTW"]')).not.toBeNull());
    const card = walletCard('DEMOTW');
    const amount = card.getByLabelText(/Amount/);
    fireEvent.change(amount, { target: { value: '100.01' } });
    fireEvent.click(card.getByRole('button', { name: 'Transfer' }));
    expect(card.getByText('The amount is more than your balance of ৳100.00')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(amount, { target: { value: '1.234' } });
    fireEvent.click(card.getByRole('button', { name: 'Transfer' }));
    expect(card.getByText('Please enter a multiple of 0.01')).toBeTruthy();
    fireEvent.click(card.getByRole('radio', { name: 'Demo Transfer to main wallet' }));
    fireEvent.click(card.getByRole('button', { name: 'All' }));
    fireEvent.click(card.getByRole('button', { name: 'Transfer' }));
    expect(card.getByText('There is nothing to transfer.')).toBeTruthy();
    expect(callsTo(calls, TRANSFER_PATH)).toHaveLength(0);
  });

  test("the server's refusal shows under the amount; an unavailable vendor above the form, retried with the same request id", async () => {
    const answers = [
      refusal(400, 'insufficient_funds', 'Your balance is not enough.'),
      refusal(503, 'transfer_unavailable', 'The game provider cannot be reached. Nothing was lost.'),
      refusal(503, 'transfer_unavailable', 'The game provider cannot be reached. Nothing was lost.'),
    ];
    const calls = renderPage({ [BALANCE_PATH]: balanceOf('100.00', { DEMOTW: '0.00' }), [TRANSFER_PATH]: () => answers.shift() });
    await waitFor(() => expect(document.querySelector('li[data-wallet="DEMOTW"]')).not.toBeNull());
    const card = walletCard('DEMOTW');
    fireEvent.change(card.getByLabelText(/Amount/), { target: { value: '80' } });
    fireEvent.click(card.getByRole('button', { name: 'Transfer' }));
    expect((await card.findByText('Your balance is not enough.')).getAttribute('data-field-error')).toBe('amount');

    fireEvent.click(card.getByRole('button', { name: 'Transfer' }));
    const unavailable = await card.findByRole('alert');
    expect(unavailable.textContent).toBe('The game provider cannot be reached. Nothing was lost.');
    await waitFor(() => expect(callsTo(calls, BALANCE_PATH)).toHaveLength(2));
    fireEvent.click(card.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(callsTo(calls, TRANSFER_PATH)).toHaveLength(3));
    const ids = callsTo(calls, TRANSFER_PATH).map((call) => bodyOf(call).requestId);
    expect(ids[1]).not.toBe(ids[0]);
    expect(ids[2]).toBe(ids[1]);
  });
});
