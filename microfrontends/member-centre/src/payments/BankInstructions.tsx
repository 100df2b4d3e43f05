import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENTS_NS } from './translations';
import type { BankInstructions } from './wallet';

/** The account a manual deposit is transferred to, with a button copying its number. */
export function BankInstructionsBox({ instructions }: { instructions: BankInstructions }) {
  const { t } = useTranslation(PAYMENTS_NS);
  const [copied, setCopied] = useState<'copied' | 'copy_failed' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(instructions.accountNumber);
      setCopied('copied');
    } catch {
      setCopied('copy_failed');
    }
  }

  return (
    <section className="payments__instructions" aria-labelledby="payments-instructions">
      <h3 id="payments-instructions">{t('deposit_instructions')}</h3>
      <dl>
        <div data-instruction="bankName">
          <dt>{t('bank_name')}</dt>
          <dd>{instructions.bankName}</dd>
        </div>
        <div data-instruction="accountName">
          <dt>{t('account_name')}</dt>
          <dd>{instructions.accountName}</dd>
        </div>
        <div data-instruction="accountNumber">
          <dt>{t('account_number')}</dt>
          <dd>
            <span className="payments__account-number">{instructions.accountNumber}</span>{' '}
            <button type="button" className="button" aria-label={t('copy_account_number')} onClick={() => void copy()}>
              {t('copy')}
            </button>
          </dd>
        </div>
        {instructions.note && (
          <div data-instruction="note">
            <dt>{t('note')}</dt>
            <dd>{instructions.note}</dd>
          </div>
        )}
      </dl>
      <p className="payments__copied" role="status">
        {copied && t(copied)}
      </p>
    </section>
  );
}
