import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { ApiError, FormError, useRefreshBalance } from '@tessera/kit';
import { amountProblem, toMinor } from '../wallet/amount';
import { AmountField, useAmountMessage } from '../wallet/form';
import { useDateTime } from '../wallet/money';
import { ImageField, proofProblem } from './fields';
import { useReloadWallet } from './queries';
import { StatusLabel } from './status';
import { PAYMENTS_NS } from './translations';
import { confirmWithdrawal, type ConfirmationResult, type Withdrawal, type WithdrawalResolution } from './wallet';

type Money = (amount: string) => string;

/** Whether the member may still say what arrived: paid, not confirmed, before the deadline. */
export function awaitsConfirmation(withdrawal: Withdrawal, now = Date.now()): boolean {
  if (withdrawal.status !== 'paid' || withdrawal.confirmation) return false;
  return !withdrawal.confirmBy || new Date(withdrawal.confirmBy).getTime() > now;
}

/**
 * The member's latest withdrawals, each with its status, what the member said arrived and, apart
 * from it, how an operator settled their claim.
 */
export function WithdrawalList({ withdrawals, money }: { withdrawals: Withdrawal[]; money: Money }) {
  const { t } = useTranslation(PAYMENTS_NS);
  const dateTime = useDateTime();
  if (withdrawals.length === 0) return <p>{t('withdrawals_empty')}</p>;
  return (
    <ul className="payments__withdrawals">
      {withdrawals.map((withdrawal) => (
        <li key={withdrawal.id} data-withdrawal={withdrawal.id}>
          <dl className="payments__withdrawal">
            <div>
              <dt>{t('date')}</dt>
              <dd>{dateTime(withdrawal.createdAt)}</dd>
            </div>
            <div>
              <dt>{t('amount')}</dt>
              <dd className="payments__amount">{money(withdrawal.amount)}</dd>
            </div>
            <div>
              <dt>{t('withdrawal_account')}</dt>
              <dd>
                {withdrawal.bankAccount.bankName} {withdrawal.bankAccount.accountNumber}
              </dd>
            </div>
            <div>
              <dt>{t('status')}</dt>
              <dd>
                <StatusLabel kind="withdrawal" status={withdrawal.status} />
                {withdrawal.confirmation && <ConfirmationLabel withdrawal={withdrawal} money={money} />}
              </dd>
            </div>
            {withdrawal.resolution && (
              <div>
                <dt>{t('resolution')}</dt>
                <dd>
                  <ResolutionLabel resolution={withdrawal.resolution} money={money} />
                </dd>
              </div>
            )}
          </dl>
          {awaitsConfirmation(withdrawal) && <ConfirmWithdrawal withdrawal={withdrawal} money={money} />}
        </li>
      ))}
    </ul>
  );
}

/** When something happened, as the member reads it: " (23 Nov 2026, 14:00)". */
function Moment({ at }: { at: string | null }) {
  const dateTime = useDateTime();
  if (!at) return null;
  return (
    <>
      {' ('}
      <time dateTime={at}>{dateTime(at)}</time>
      {')'}
    </>
  );
}

/** What the member said arrived (or how it was counted), with their proof, and when. */
function ConfirmationLabel({ withdrawal, money }: { withdrawal: Withdrawal; money: Money }) {
  const { t } = useTranslation(PAYMENTS_NS);
  const { confirmation, receivedAmount, confirmedAt, hasProof } = withdrawal;
  return (
    <span className="payments__confirmation" data-confirmation={confirmation}>
      {' · '}
      {t(`confirmation_${confirmation}`, { amount: receivedAmount ? money(receivedAmount) : '' })}
      {hasProof && t('confirmation_with_proof')}
      <Moment at={confirmedAt} />
    </span>
  );
}

/** How an operator settled the claim: what it counts as received, what it paid back, when, its note. */
function ResolutionLabel({ resolution, money }: { resolution: WithdrawalResolution; money: Money }) {
  const { t } = useTranslation(PAYMENTS_NS);
  const amounts = { received: money(resolution.receivedAmount), refunded: resolution.refundedAmount ? money(resolution.refundedAmount) : '' };
  return (
    <span className="payments__resolution" data-resolution={resolution.outcome}>
      {t(`resolution_${resolution.outcome}`, amounts)}
      <Moment at={resolution.resolvedAt} />
      {resolution.note && <span className="payments__resolution-note">{resolution.note}</span>}
    </span>
  );
}

/**
 * What arrived of a paid withdrawal: all of it; nothing (with a proof image); or part of it (the
 * amount, with an optional proof). Left unanswered, it counts as received at the deadline.
 */
function ConfirmWithdrawal({ withdrawal, money }: { withdrawal: Withdrawal; money: Money }) {
  const { t } = useTranslation(PAYMENTS_NS);
  const dateTime = useDateTime();
  const reload = useReloadWallet();
  const refreshBalance = useRefreshBalance();
  const [claim, setClaim] = useState<Exclude<ConfirmationResult, 'received'> | null>(null);
  const questionId = `payments-confirm-${withdrawal.id}`;
  const confirm = useMutation({
    mutationFn: ({ result, receivedAmount, proof }: { result: ConfirmationResult; receivedAmount?: string; proof?: File | null }) =>
      confirmWithdrawal(withdrawal.id, result, receivedAmount, proof),
    onSuccess: () => {
      void refreshBalance();
      reload('withdrawals');
    },
    // Past the deadline or already answered: the list shows how it stands now.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'confirmation_not_allowed') reload('withdrawals');
    },
  });
  const refusal = confirm.isError ? (confirm.error instanceof ApiError && confirm.error.serverMessage) || t('error_network') : null;

  if (confirm.isSuccess) {
    return (
      <p className="payments__notice" role="status">
        {t('confirmed')}
      </p>
    );
  }

  return (
    <div className="payments__confirm" role="group" aria-labelledby={questionId}>
      <p id={questionId} className="payments__confirm-question">
        {t('confirm_question')}
      </p>
      {withdrawal.confirmBy && <p className="field__hint">{t('confirm_by', { time: dateTime(withdrawal.confirmBy) })}</p>}
      {claim === null ? (
        <div className="payments__confirm-actions">
          <button type="button" className="button" disabled={confirm.isPending} onClick={() => confirm.mutate({ result: 'received' })}>
            {t('confirm_received')}
          </button>
          <button type="button" className="button" onClick={() => setClaim('not_received')}>
            {t('confirm_not_received')}
          </button>
          <button type="button" className="button" onClick={() => setClaim('partly_received')}>
            {t('confirm_partly_received')}
          </button>
        </div>
      ) : (
        <ClaimForm
          claim={claim}
          withdrawal={withdrawal}
          money={money}
          pending={confirm.isPending}
          onSend={(receivedAmount, proof) => confirm.mutate({ result: claim, receivedAmount, proof })}
          onCancel={() => {
            confirm.reset();
            setClaim(null);
          }}
        />
      )}
      <FormError message={refusal} />
    </div>
  );
}

interface ClaimProps {
  claim: 'not_received' | 'partly_received';
  withdrawal: Withdrawal;
  money: Money;
  pending: boolean;
  onSend: (receivedAmount: string | undefined, proof: File | null) => void;
  onCancel: () => void;
}

/** Not received: a proof image is required. Partly received: the amount that arrived, proof optional. */
function ClaimForm({ claim, withdrawal, money, pending, onSend, onCancel }: ClaimProps) {
  const { t } = useTranslation(PAYMENTS_NS);
  const partly = claim === 'partly_received';
  const amountMessage = useAmountMessage(money);
  const [amount, setAmount] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ amount?: string | null; proof?: string | null }>({});

  function amountError(): string | null {
    const problem = amountProblem(amount);
    if (problem) return amountMessage(problem);
    // Part of it: less than the whole amount (the whole is "Received").
    return toMinor(amount)! >= toMinor(withdrawal.amount)! ? t('received_amount_too_high', { amount: money(withdrawal.amount) }) : null;
  }

  function proofError(file: File | null): string | null {
    if (!file) return partly ? null : t('proof_required');
    const problem = proofProblem(file);
    return problem && t(problem.key, problem.values);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = { amount: partly ? amountError() : null, proof: proofError(proof) };
    setErrors(found);
    if (!found.amount && !found.proof) onSend(partly ? amount.trim() : undefined, proof);
  }

  return (
    <form className="payments__form payments__claim" noValidate onSubmit={onSubmit} data-claim={claim}>
      {partly && (
        <AmountField
          name="receivedAmount"
          label={t('received_amount')}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setErrors((previous) => ({ ...previous, amount: null }));
          }}
          error={errors.amount}
        />
      )}
      <ImageField
        name="proof"
        label={t(partly ? 'confirm_proof_optional' : 'confirm_proof_required')}
        file={proof}
        required={!partly}
        onChange={(file) => {
          setProof(file);
          setErrors((previous) => ({ ...previous, proof: file ? proofError(file) : null }));
        }}
        error={errors.proof}
      />
      <div className="payments__confirm-actions">
        <button type="submit" className="button button--highlight" disabled={pending}>
          {pending ? t('confirm_sending') : t('confirm_send')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('confirm_cancel')}
        </button>
      </div>
    </form>
  );
}
