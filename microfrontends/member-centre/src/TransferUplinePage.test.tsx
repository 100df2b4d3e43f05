import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, test } from 'vitest';
import { writeSession } from '@tessera/kit';
import { renderInShell, serve, type Answers } from '../../../shell/test/render';
import { TransferUplinePage } from './TransferUplinePage';
import { BALANCE_PATH, balanceOf, bodyOf, callsTo, refusal, SESSION } from './wallet/testWallet';

const INFO_PATH = '/wps/member/info';
const SETTINGS_PATH = '/wps/wallet/withdrawal/settings';
const UPLINE_PATH = '/wps/wallet/upline-transfers';
const INFO = { id: 7, account: 'player01', nickname: 'Lucky', type: 4, toUpline: true, clubLabel: { labelName: 'VIP1', rankLevel: 1 }, memberLabel: [] };
const SETTINGS = { minAmount: '500.00', maxAmount: '25000.00', paymentPasswordRequired: true, hasPaymentPassword: true, confirmMinutes: 30, forcedReceived: false, mainBalance: '300.00' };

function renderPage(answers: Answers) {
  writeSession(SESSION);
  const calls = serve({ [INFO_PATH]: INFO, [SETTINGS_PATH]: SETTINGS, [BALANCE_PATH]: balanceOf('300.00'), ...answers });
  renderInShell(<TransferUplinePage />);
  return calls;
}

const amountField = () => screen.getByLabelText(/Amount/);
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));


afterEach(() => writeSession(null));

describe('transfer to upline', () => {
  test('a member without toUpline is told so, and no form or settings call', async () => {
    const calls = renderPage({ [INFO_PATH]: { ...INFO, toUpline: false } });
    expect(await screen.findByText('Transfers to an upline are not available for your account.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Transfer' })).toBeNull();
    expect(callsTo(calls, SETTINGS_PATH)).toHaveLength(0);
  });

  test('with the payment password asked: both checked here, then amount, password and a request id posted; the balance refreshes', async () => {
    const balances = [balanceOf('300.00'), balanceOf('200.00')];
    const calls = renderPage({
      [BALANCE_PATH]: () => (balances.length > 1 ? balances.shift() : balances[0]),
      [UPLINE_PATH]: { transferId: 'u1', mainBalance: '200.00' },
    });
    await screen.findByLabelText(/Payment password/);
    await waitFor(() => expect(document.querySelector('[data-wallet="main"] strong')?.textContent).toBe('৳300.00'));
    submit();
    expect(screen.getByText('Please enter an amount')).toBeTruthy();
    expect(screen.getByText('Please enter your payment password')).toBeTruthy();
    fireEvent.change(amountField(), { target: { value: '300.01' } });
    submit();
    expect(screen.getByText('The amount is more than your balance of ৳300.00')).toBeTruthy();
    fireEvent.change(amountField(), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText(/Payment password/), { target: { value: '246810' } });
    submit();
    expect(await screen.findByText('৳100.00 has been transferred to your upline.')).toBeTruthy();
    expect(bodyOf(callsTo(calls, UPLINE_PATH)[0])).toEqual({ amount: '100', paymentPassword: '246810', requestId: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/) });
    await waitFor(() => expect(document.querySelector('[data-wallet="main"] strong')?.textContent).toBe('৳200.00'));
    expect((amountField() as HTMLInputElement).value).toBe('');
  });

  test('without the payment password asked, only the amount is sent', async () => {
    const calls = renderPage({ [SETTINGS_PATH]: { ...SETTINGS, paymentPasswordRequired: false }, [UPLINE_PATH]: { transferId: 'u2', mainBalance: '250.00' } });
    await waitFor(() => expect(document.querySelector('[data-wallet="main"] strong')?.textContent).toBe('৳300.00'));
    expect(screen.queryByLabelText(/Payment password/)).toBeNull();
    fireEvent.change(amountField(), { target: { value: '50.5' } });
    submit();
    await screen.findByText('৳50.50 has been transferred to your upline.');
    expect(bodyOf(callsTo(calls, UPLINE_PATH)[0])).toEqual({ amount: '50.5', requestId: expect.any(String) });
  });

  test("the server's refusals: a wrong payment password under its field, a refused transfer above the form", async () => {
    const answers = [
      refusal(400, 'payment_password_wrong', 'The payment password is wrong.'),
      refusal(403, 'upline_transfer_not_allowed', 'You cannot transfer to your upline.'),
    ];
    const calls = renderPage({ [UPLINE_PATH]: () => answers.shift() });
    await waitFor(() => expect(document.querySelector('[data-wallet="main"] strong')?.textContent).toBe('৳300.00'));
    fireEvent.change(amountField(), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText(/Payment password/), { target: { value: 'wrong' } });
    submit();
    const wrong = await screen.findByText('The payment password is wrong.');
    expect(wrong.getAttribute('data-field-error')).toBe('paymentPassword');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('You cannot transfer to your upline.');
    expect(callsTo(calls, UPLINE_PATH)).toHaveLength(2);
  });

  test('a member without a payment password yet is told where to set one', async () => {
    renderPage({ [SETTINGS_PATH]: { ...SETTINGS, hasPaymentPassword: false } });
    expect(await screen.findByText('You have not set a payment password yet. Set one on the withdrawal page first.')).toBeTruthy();
  });

  test('the checks speak Bengali too', async () => {
    renderPage({});
    await screen.findByLabelText(/Payment password/);
    await act(async () => {
      await i18next.changeLanguage('bn');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'স্থানান্তর করুন' }));
    expect(screen.getByText('অনুগ্রহ করে পরিমাণ লিখুন')).toBeTruthy();
    expect(screen.getByText('অনুগ্রহ করে আপনার পেমেন্ট পাসওয়ার্ড লিখুন')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/পরিমাণ/), { target: { value: '1.234' } });
    fireEvent.click(screen.getByRole('button', { name: 'স্থানান্তর করুন' }));
    expect(screen.getByText('অনুগ্রহ করে 0.01-এর গুণিতক লিখুন')).toBeTruthy();
  });
});
