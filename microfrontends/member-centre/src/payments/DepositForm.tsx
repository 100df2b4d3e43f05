import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { FormError, TextField, useForm, useRefreshBalance, type FormErrors } from '@tessera/kit';
import { amountProblem } from '../wallet/amount';
import { AmountField, outcomeUnknown, refusalErrors, useAmountMessage, useRequestId } from '../wallet/form';
import { BankInstructionsBox } from './BankInstructions';
import { ImageField, proofProblem } from './fields';
import { ProofUpload } from './ProofUpload';
import { useReloadWallet } from './queries';
import { PAYMENTS_NS } from './translations';
import { startDeposit, uploadDepositProof, type BankInstructions, type Deposit, type DepositChannel } from './wallet';

/** The longest transfer reference the server takes. */
const REFERENCE_MAX = 64;

/** A submitted manual deposit: what the member is told next, and the proof upload's refusal if any. */
interface Submitted {
  deposit: Deposit;
  instructions: BankInstructions | null;
  proofError: unknown;
}

interface Props {
  /** At least one. */
  channels: DepositChannel[];
  money: (amount: string) => string;
}

/**
 * A deposit: the channel and the amount within its bounds; a manual channel shows the account to
 * transfer to and asks for the transfer's reference and an optional proof image, a gateway
 * channel sends the member to the gateway's payment page.
 */
export function DepositForm({ channels, money }: Props) {
  const { t } = useTranslation(PAYMENTS_NS);
  const reload = useReloadWallet();
  const refreshBalance = useRefreshBalance();
  const requestIds = useRequestId();
  const amountMessage = useAmountMessage(money);
  const { form, values, errors, show, set, setError, bind, reset } = useForm({ channel: channels[0].channel, amount: '', reference: '' });
  const [proof, setProof] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const channel = channels.find((entry) => entry.channel === values.channel) ?? channels[0];
  const manual = channel.kind === 'manual';
  const shown = manual ? ['amount', 'reference', 'proof'] : ['amount'];

  const deposit = useMutation({
    mutationFn: async (body: Parameters<typeof startDeposit>[0]) => {
      const started = await startDeposit(body);
      requestIds.settled();
      if (started.redirectUrl) {
        window.location.assign(started.redirectUrl);
        return null;
      }
      let proofError: unknown = null;
      if (proof) await uploadDepositProof(started.deposit.id, proof).catch((error: unknown) => (proofError = error));
      return { deposit: started.deposit, instructions: started.instructions ?? channel.instructions ?? null, proofError };
    },
    onSuccess: (result) => {
      void refreshBalance();
      reload('deposits');
      if (result) setSubmitted(result);
    },
    onError: (error) => {
      // A refusal moved nothing; after no answer the same deposit goes again under the same id.
      if (!outcomeUnknown(error)) requestIds.settled();
      show(refusalErrors(error, t('error_network'), shown));
    },
  });

  function check(): FormErrors {
    const errors: FormErrors = {};
    const amount = amountProblem(values.amount, { min: channel.minAmount, max: channel.maxAmount });
    if (amount) errors.amount = amountMessage(amount);
    if (manual) {
      const reference = values.reference.trim();
      if (!reference) errors.reference = t('field_required');
      else if (Array.from(reference).length > REFERENCE_MAX) errors.reference = t('too_long', { max: REFERENCE_MAX });
      const image = proof && proofProblem(proof);
      if (image) errors.proof = t(image.key, image.values);
    }
    return errors;
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!show(check())) return;
    const fields = { channel: channel.channel, amount: values.amount.trim(), ...(manual ? { reference: values.reference.trim() } : {}) };
    deposit.mutate({ ...fields, requestId: requestIds.idFor(fields) });
  }

  function choose(file: File | null) {
    setProof(file);
    const image = file && proofProblem(file);
    setError('proof', image ? t(image.key, image.values) : null);
  }

  if (submitted) {
    return (
      <DepositSubmitted
        submitted={submitted}
        money={money}
        onNew={() => {
          setSubmitted(null);
          setProof(null);
          reset();
        }}
      />
    );
  }

  if (deposit.isSuccess && deposit.data === null) {
    return (
      <p className="payments__notice" role="status">
        {t('deposit_redirecting')}
      </p>
    );
  }

  return (
    <form ref={form} className="payments__form deposit-form" noValidate onSubmit={onSubmit}>
      <fieldset className="payments__channels">
        <legend>{t('deposit_channel')}</legend>
        {channels.map((entry) => (
          <label key={entry.channel} className="payments__channel" data-channel={entry.channel}>
            <input type="radio" name="channel" value={entry.channel} checked={entry.channel === channel.channel} onChange={() => set('channel', entry.channel)} />
            <span className="payments__channel-title">{entry.title}</span>
            <span className="payments__channel-limits">{t('limits', { min: money(entry.minAmount), max: money(entry.maxAmount) })}</span>
          </label>
        ))}
      </fieldset>
      {manual && channel.instructions && <BankInstructionsBox instructions={channel.instructions} />}
      <AmountField name="amount" label={t('amount')} hint={t('limits', { min: money(channel.minAmount), max: money(channel.maxAmount) })} {...bind('amount')} />
      {manual && (
        <>
          <TextField name="reference" label={t('deposit_reference')} hint={t('deposit_reference_hint')} required maxLength={REFERENCE_MAX} autoComplete="off" {...bind('reference')} />
          <ImageField name="proof" label={t('deposit_proof')} file={proof} onChange={choose} error={errors.proof} />
        </>
      )}
      <FormError message={errors.form} />
      <button type="submit" className="button button--highlight payments__submit" disabled={deposit.isPending}>
        {deposit.isPending ? t('deposit_sending') : t(manual ? 'deposit_submit' : 'deposit_submit_redirect')}
      </button>
    </form>
  );
}

/** A manual deposit sent: it waits for review; a proof that did not go up can be sent again. */
function DepositSubmitted({ submitted, money, onNew }: { submitted: Submitted; money: (amount: string) => string; onNew: () => void }) {
  const { t } = useTranslation(PAYMENTS_NS);
  const { deposit, instructions, proofError } = submitted;
  return (
    <div className="payments__submitted" data-deposit-submitted={deposit.id}>
      <p className="payments__notice" role="status">
        {t('deposit_submitted', { amount: money(deposit.amount) })}
      </p>
      {instructions && <BankInstructionsBox instructions={instructions} />}
      {proofError !== null && <ProofUpload depositId={deposit.id} firstError={proofError} />}
      <button type="button" className="button" onClick={onNew}>
        {t('deposit_new')}
      </button>
    </div>
  );
}
