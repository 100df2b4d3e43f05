import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { writeSession } from '@tessera/kit';
import { BALANCE_PATH, bodyOf, callsTo, refusal } from '../wallet/testWallet';
import { WithdrawPage } from './index';
import { callsOf, formOf, image, renderPage } from './testPayments';

// "E" calls sealed as plain JSON, so that the test reads what was sent.
vi.mock('@tessera/kit', async (original) => (await import('../../../../shell/src/modals/testSealing')).plainSealing(await original()));

const SETTINGS_PATH = '/wps/wallet/withdrawal/settings';
const ACCOUNTS_PATH = '/wps/wallet/bank-accounts';
const WITHDRAWALS_PATH = '/wps/wallet/withdrawals';
const PAYMENT_PASSWORD_PATH = '/wps/member/payment-password';

const SETTINGS = {
  minAmount: '500.00',
  maxAmount: '25000.00',
  paymentPasswordRequired: true,
  hasPaymentPassword: true,
  confirmMinutes: 30,
  forcedReceived: false,
  mainBalance: '2000.00',
};

const ACCOUNT = { id: 3, bankName: 'Demo Bank', accountName: 'Player One', accountNumber: '****6789', createdAt: '2026-11-20T10:00:00Z' };

function withdrawal(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    amount: '600.00',
    bankAccount: { id: 3, bankName: 'Demo Bank', accountName: 'Player One', accountNumber: '****6789' },
    status: 'paid',
    confirmation: null,
    receivedAmount: null,
    confirmedAt: null,
    hasProof: false,
    confirmBy: new Date(Date.now() + 20 * 60_000).toISOString(),
    resolution: null,
    remark: null,
    createdAt: '2026-11-23T05:01:02Z',
    updatedAt: '2026-11-23T05:01:02Z',
    ...overrides,
  };
}

const page = (list: unknown[] = []) => ({ list, pageNo: 1, totalPages: 1, total: list.length });

const input = (name: string) => document.querySelector<HTMLInputElement>(`[data-page="withdraw"] [name="${name}"]`)!;
const fieldError = (name: string, scope: ParentNode = document) => scope.querySelector(`[data-field-error="${name}"]`)?.textContent;

/** The withdrawal page with one bank account and ``withdrawals``; POSTs answer what ``post`` gives. */
function renderWithdraw({ settings = SETTINGS, withdrawals = [] as unknown[], post = (): unknown => withdrawal(20, { status: 'pending', confirmBy: null }) } = {}) {
  return renderPage(<WithdrawPage />, {
    [SETTINGS_PATH]: settings,
    [ACCOUNTS_PATH]: { list: [ACCOUNT] },
    [WITHDRAWALS_PATH]: (_url: URL, init?: RequestInit) => (init?.method === 'POST' ? post() : page(withdrawals)),
  });
}

// The page titles are the member centre's (registered with its registry, not loaded here).

afterEach(() => writeSession(null));

describe('withdrawal page: bank accounts', () => {
  test('an account is added once its number is digits only, and one is deleted', async () => {
    let accounts = [ACCOUNT];
    const { calls, user } = renderPage(<WithdrawPage />, {
      [SETTINGS_PATH]: SETTINGS,
      [WITHDRAWALS_PATH]: page(),
      [ACCOUNTS_PATH]: (_url: URL, init?: RequestInit) => {
        if (init?.method !== 'POST') return { list: accounts };
        const added = { id: 4, bankName: 'City Bank', accountName: 'Player One', accountNumber: '****3456', createdAt: '2026-11-23T05:00:00Z' };
        accounts = [...accounts, added];
        return added;
      },
      [`${ACCOUNTS_PATH}/3`]: () => {
        accounts = accounts.filter((account) => account.id !== 3);
        return null;
      },
    });
    const section = await screen.findByRole('region', { name: 'Bank accounts' });
    expect(within(section).getByRole('listitem').textContent).toContain('****6789');

    const form = within(section).getByRole('form', { name: 'Add a bank account' });
    await user.click(within(form).getByRole('button', { name: 'Save bank account' }));
    expect(fieldError('bankName', form)).toBe('Required');
    await user.type(within(form).getByRole('textbox', { name: /^Bank/ }), 'City Bank');
    await user.type(within(form).getByRole('textbox', { name: /^Account name/ }), 'Player One');
    await user.type(within(form).getByRole('textbox', { name: /^Account number/ }), '0012-3456');
    await user.click(within(form).getByRole('button', { name: 'Save bank account' }));
    expect(fieldError('accountNumber', form)).toBe('Please enter digits only');
    expect(callsOf(calls, 'POST', ACCOUNTS_PATH)).toHaveLength(0);

    await user.clear(within(form).getByRole('textbox', { name: /^Account number/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Account number/ }), '00123456');
    await user.click(within(form).getByRole('button', { name: 'Save bank account' }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    expect(bodyOf(callsOf(calls, 'POST', ACCOUNTS_PATH)[0])).toEqual({ bankName: 'City Bank', accountName: 'Player One', accountNumber: '00123456' });
    expect(within(form).getByRole('textbox', { name: /^Account number/ })).toHaveProperty('value', '');

    await user.click(within(section).getByRole('button', { name: 'Delete bank account Demo Bank ****6789' }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(callsOf(calls, 'DELETE', `${ACCOUNTS_PATH}/3`)).toHaveLength(1);
    expect(within(section).getByRole('listitem').textContent).toContain('****3456');
  });

  test('with five accounts no more can be added', async () => {
    const five = [1, 2, 3, 4, 5].map((id) => ({ ...ACCOUNT, id, accountNumber: `****000${id}` }));
    renderPage(<WithdrawPage />, { [SETTINGS_PATH]: SETTINGS, [WITHDRAWALS_PATH]: page(), [ACCOUNTS_PATH]: { list: five } });
    const section = await screen.findByRole('region', { name: 'Bank accounts' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(5);
    expect(within(section).getByText('You can save up to 5 bank accounts.')).toBeTruthy();
    expect(within(section).queryByRole('form', { name: 'Add a bank account' })).toBeNull();
  });
});

describe('withdrawal page: withdrawing', () => {
  test('the account, an amount within the bounds and the balance, and the payment password go with a request id', async () => {
    const { calls, user } = renderWithdraw();
    const form = await screen.findByRole('form', { name: 'Request a withdrawal' });
    await waitFor(() => expect(document.querySelector('[data-balance]')?.textContent).toBe('Withdrawable balance: ৳2,000.00'));
    const submit = within(form).getByRole('button', { name: 'Withdraw' });
    await user.click(submit);
    // The only account is chosen already.
    expect(within(form).getByRole('combobox', { name: /^Bank account/ })).toHaveProperty('value', '3');
    expect(fieldError('bankAccountId', form)).toBeUndefined();
    expect(fieldError('amount', form)).toBe('Please enter an amount');
    expect(fieldError('paymentPassword', form)).toBe('Required');

    await user.selectOptions(within(form).getByRole('combobox', { name: /^Bank account/ }), 'Demo Bank ****6789 (Player One)');
    await user.type(input('amount'), '2000.01');
    await user.click(submit);
    expect(fieldError('amount', form)).toBe('The amount is more than your balance of ৳2,000.00');
    await user.clear(input('amount'));
    await user.type(input('amount'), '499.99');
    await user.click(submit);
    expect(fieldError('amount', form)).toBe('The minimum amount is ৳500.00');
    expect(callsOf(calls, 'POST', WITHDRAWALS_PATH)).toHaveLength(0);

    await user.clear(input('amount'));
    await user.type(input('amount'), '600');
    await user.type(input('paymentPassword'), 'pay123');
    const balanceCalls = callsTo(calls, BALANCE_PATH).length;
    await user.click(submit);
    expect((await within(form).findByRole('status')).textContent).toBe('Your withdrawal of ৳600.00 has been requested.');
    const { requestId, ...fields } = bodyOf(callsOf(calls, 'POST', WITHDRAWALS_PATH)[0]);
    expect(fields).toEqual({ bankAccountId: 3, amount: '600', paymentPassword: 'pay123' });
    expect(requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(input('paymentPassword').value).toBe('');
    await waitFor(() => expect(callsTo(calls, BALANCE_PATH)).toHaveLength(balanceCalls + 1));
    await waitFor(() => expect(callsOf(calls, 'GET', WITHDRAWALS_PATH)).toHaveLength(2));
    expect(callsOf(calls, 'GET', SETTINGS_PATH)).toHaveLength(2);
  });

  test("the server's refusal of an amount above the balance is shown under the amount", async () => {
    const { calls, user } = renderWithdraw({ post: () => refusal(400, 'insufficient_funds', 'Your balance is not enough for this withdrawal.') });
    const form = await screen.findByRole('form', { name: 'Request a withdrawal' });
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Bank account/ }), '3');
    await user.type(input('amount'), '1500');
    await user.type(input('paymentPassword'), 'pay123');
    await user.click(within(form).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(fieldError('amount', form)).toBe('Your balance is not enough for this withdrawal.'));
    expect(input('amount').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).queryByRole('status')).toBeNull();
    expect(callsOf(calls, 'POST', WITHDRAWALS_PATH)).toHaveLength(1);
  });

  test('without a payment password the member sets one, sealed, with the login password; then the withdrawal asks for it', async () => {
    let settings = { ...SETTINGS, hasPaymentPassword: false };
    const { calls, user } = renderPage(<WithdrawPage />, {
      [SETTINGS_PATH]: () => settings,
      [ACCOUNTS_PATH]: { list: [ACCOUNT] },
      [WITHDRAWALS_PATH]: page(),
      [PAYMENT_PASSWORD_PATH]: () => {
        settings = { ...SETTINGS, hasPaymentPassword: true };
        return null;
      },
    });
    const form = await screen.findByRole('form', { name: 'Set a payment password' });
    expect(screen.queryByRole('form', { name: 'Request a withdrawal' })).toBeNull();
    await user.type(input('password'), 'Login123');
    await user.type(input('paymentPassword'), 'pay123');
    await user.type(input('confirmPaymentPassword'), 'pay124');
    await user.click(within(form).getByRole('button', { name: 'Set payment password' }));
    expect(fieldError('confirmPaymentPassword', form)).toBe('Incorrect confirmation input');
    expect(callsOf(calls, 'POST', PAYMENT_PASSWORD_PATH)).toHaveLength(0);

    await user.clear(input('confirmPaymentPassword'));
    await user.type(input('confirmPaymentPassword'), 'pay123');
    await user.click(within(form).getByRole('button', { name: 'Set payment password' }));
    const withdraw = await screen.findByRole('form', { name: 'Request a withdrawal' });
    expect(within(withdraw).getByLabelText(/^Payment password/)).toBeTruthy();
    const [sent] = callsOf(calls, 'POST', PAYMENT_PASSWORD_PATH);
    expect(bodyOf(sent)).toEqual({ password: 'Login123', paymentPassword: 'pay123', confirmPaymentPassword: 'pay123' });
    expect(new Headers(sent.init?.headers).get('Content-Type')).toBe('application/jose');
  });
});

describe('withdrawal page: confirming what arrived', () => {
  const group = (id: number) => document.querySelector<HTMLElement>(`[data-withdrawal="${id}"]`)!;

  test('a paid, unconfirmed withdrawal is confirmed received, not received with a proof, or partly received', async () => {
    const withdrawals = [
      withdrawal(11),
      withdrawal(12),
      withdrawal(13),
      withdrawal(14, { confirmation: 'partly_received', receivedAmount: '100.00' }),
      withdrawal(15, { status: 'pending', confirmBy: null }),
    ];
    const { calls, user } = renderPage(<WithdrawPage />, {
      [SETTINGS_PATH]: SETTINGS,
      [ACCOUNTS_PATH]: { list: [ACCOUNT] },
      [WITHDRAWALS_PATH]: page(withdrawals),
      [`${WITHDRAWALS_PATH}/11/confirmation`]: withdrawal(11, { confirmation: 'received' }),
      [`${WITHDRAWALS_PATH}/12/confirmation`]: withdrawal(12, { confirmation: 'not_received' }),
      [`${WITHDRAWALS_PATH}/13/confirmation`]: withdrawal(13, { confirmation: 'partly_received', receivedAmount: '250.50' }),
    });
    expect(await screen.findByText('Unconfirmed withdrawals count as received after 30 minutes')).toBeTruthy();
    await waitFor(() => expect(document.querySelectorAll('[data-withdrawal]')).toHaveLength(5));
    expect(within(group(14)).queryByRole('group')).toBeNull();
    expect(group(14).textContent).toContain('Reported partly received: ৳100.00');
    expect(within(group(15)).queryByRole('group')).toBeNull();
    expect(group(15).textContent).toContain('Pending');

    // Received: at once.
    await user.click(within(group(11)).getByRole('button', { name: 'Received' }));
    expect((await within(group(11)).findByRole('status')).textContent).toBe('Thank you, your answer has been recorded.');
    expect(callsOf(calls, 'POST', `${WITHDRAWALS_PATH}/11/confirmation`).map(formOf)).toEqual([{ result: 'received' }]);

    // Not received: the proof is required.
    const notReceived = within(group(12));
    await user.click(notReceived.getByRole('button', { name: 'Not received' }));
    await user.click(notReceived.getByRole('button', { name: 'Send confirmation' }));
    expect(fieldError('proof', group(12))).toBe('Please attach an image as proof');
    await user.upload(notReceived.getByLabelText(/^Proof/), image('statement.png'));
    await user.click(notReceived.getByRole('button', { name: 'Send confirmation' }));
    await notReceived.findByRole('status');
    expect(callsOf(calls, 'POST', `${WITHDRAWALS_PATH}/12/confirmation`).map(formOf)).toEqual([{ result: 'not_received', proof: 'file:statement.png' }]);

    // Partly received: less than the whole amount, the proof optional.
    const partly = within(group(13));
    await user.click(partly.getByRole('button', { name: 'Partly received' }));
    await user.type(partly.getByRole('textbox', { name: /^Amount received/ }), '600');
    await user.click(partly.getByRole('button', { name: 'Send confirmation' }));
    expect(fieldError('receivedAmount', group(13))).toBe('Please enter less than the withdrawal amount of ৳600.00');
    await user.clear(partly.getByRole('textbox', { name: /^Amount received/ }));
    await user.type(partly.getByRole('textbox', { name: /^Amount received/ }), '250.5');
    await user.click(partly.getByRole('button', { name: 'Send confirmation' }));
    await partly.findByRole('status');
    expect(callsOf(calls, 'POST', `${WITHDRAWALS_PATH}/13/confirmation`).map(formOf)).toEqual([{ result: 'partly_received', receivedAmount: '250.5' }]);
  });

  test('a partly received claim can carry a proof; a confirmation the server no longer allows is said', async () => {
    let answer: unknown = refusal(409, 'confirmation_not_allowed', 'This withdrawal can no longer be confirmed.');
    const { calls, user } = renderPage(<WithdrawPage />, {
      [SETTINGS_PATH]: SETTINGS,
      [ACCOUNTS_PATH]: { list: [ACCOUNT] },
      [WITHDRAWALS_PATH]: page([withdrawal(16)]),
      [`${WITHDRAWALS_PATH}/16/confirmation`]: () => answer,
    });
    await waitFor(() => expect(group(16)).not.toBeNull());
    const partly = within(group(16));
    await user.click(partly.getByRole('button', { name: 'Partly received' }));
    await user.type(partly.getByRole('textbox', { name: /^Amount received/ }), '300');
    await user.upload(partly.getByLabelText(/^Proof/), image('part.jpg', 'image/jpeg'));
    await user.click(partly.getByRole('button', { name: 'Send confirmation' }));
    expect((await partly.findByRole('alert')).textContent).toBe('This withdrawal can no longer be confirmed.');
    // The list is asked again, to show how the withdrawal stands now.
    await waitFor(() => expect(callsOf(calls, 'GET', WITHDRAWALS_PATH)).toHaveLength(2));

    answer = withdrawal(16, { confirmation: 'partly_received', receivedAmount: '300.00' });
    await user.click(partly.getByRole('button', { name: 'Send confirmation' }));
    await partly.findByRole('status');
    const sent = callsOf(calls, 'POST', `${WITHDRAWALS_PATH}/16/confirmation`).map(formOf);
    expect(sent).toEqual([
      { result: 'partly_received', receivedAmount: '300', proof: 'file:part.jpg' },
      { result: 'partly_received', receivedAmount: '300', proof: 'file:part.jpg' },
    ]);
  });

  test("a settled claim shows what the member said and, apart from it, how it was settled", async () => {
    const claimed = { confirmation: 'not_received', receivedAmount: '0.00', confirmedAt: '2026-11-23T06:00:00Z', hasProof: true };
    renderPage(<WithdrawPage />, {
      [SETTINGS_PATH]: SETTINGS,
      [ACCOUNTS_PATH]: { list: [ACCOUNT] },
      [WITHDRAWALS_PATH]: page([
        withdrawal(21, {
          ...claimed,
          resolution: { outcome: 'forced_received', receivedAmount: '600.00', refundedAmount: null, resolvedAt: '2026-11-23T08:00:00Z', note: 'The bank confirms the transfer.' },
        }),
        withdrawal(22, {
          confirmation: 'partly_received',
          receivedAmount: '450.50',
          confirmedAt: '2026-11-23T06:00:00Z',
          resolution: { outcome: 'refund', receivedAmount: '450.50', refundedAmount: '149.50', resolvedAt: '2026-11-23T08:00:00Z', note: null },
        }),
        withdrawal(23, claimed),
      ]),
    });
    await waitFor(() => expect(document.querySelectorAll('[data-withdrawal]')).toHaveLength(3));
    const claim = (id: number) => group(id).querySelector('[data-confirmation]')!.textContent;
    const resolution = (id: number) => group(id).querySelector('[data-resolution]');

    expect(claim(21)).toContain('Reported not received, with proof');
    expect(resolution(21)!.getAttribute('data-resolution')).toBe('forced_received');
    expect(resolution(21)!.textContent).toContain('Counted as received in full (৳600.00) after review');
    expect(resolution(21)!.textContent).toContain('The bank confirms the transfer.');
    expect(within(group(21)).getByText('Outcome of your report')).toBeTruthy();

    expect(claim(22)).toContain('Reported partly received: ৳450.50');
    expect(resolution(22)!.textContent).toContain('৳149.50 refunded to your wallet (counted as received: ৳450.50)');

    expect(claim(23)).toContain('Reported not received');
    expect(resolution(23)).toBeNull();
    expect(within(group(23)).queryByText('Outcome of your report')).toBeNull();
  });

  test('past its deadline, or with forced received, nothing is asked', async () => {
    renderPage(<WithdrawPage />, {
      [SETTINGS_PATH]: { ...SETTINGS, forcedReceived: true },
      [ACCOUNTS_PATH]: { list: [ACCOUNT] },
      [WITHDRAWALS_PATH]: page([withdrawal(17, { confirmBy: new Date(Date.now() - 60_000).toISOString() }), withdrawal(18, { confirmation: 'forced_received' })]),
    });
    await waitFor(() => expect(document.querySelectorAll('[data-withdrawal]')).toHaveLength(2));
    expect(screen.queryByRole('group')).toBeNull();
    expect(group(18).textContent).toContain('Confirmed received');
    expect(screen.queryByText(/count as received after/)).toBeNull();
  });
});
