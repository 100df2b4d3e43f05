import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NAMESPACE } from '../translations';
import { useWalletKey } from '../wallet/api';
import { useMoney } from '../wallet/money';
import { DepositForm } from './DepositForm';
import { RecentDeposits, ReturnedDeposit } from './deposits';
import { LoadStatus } from './status';
import { PAYMENTS_NS } from './translations';
import { fetchChannels } from './wallet';
import './payments.css';

/**
 * Deposit (page key depositv2): the brand's channels and the deposit form, the deposit the
 * gateway sent the member back with (``deposit=<id>`` in the address), and the recent deposits.
 */
export function DepositPage() {
  const { t } = useTranslation(PAYMENTS_NS);
  const walletKey = useWalletKey();
  const [params] = useSearchParams();
  // Read once: the address may be tidied while the page is open.
  const [returnedId] = useState(() => params.get('deposit'));
  // The last answer stays while another language's loads: a form being filled in is kept.
  const channels = useQuery({ queryKey: walletKey('depositChannels'), queryFn: fetchChannels, placeholderData: keepPreviousData });
  const money = useMoney();

  return (
    <section className="payments" data-page="depositv2">
      <h2>{t('depositv2', { ns: NAMESPACE })}</h2>
      {returnedId && <ReturnedDeposit id={returnedId} money={money} />}
      {!channels.data ? (
        <LoadStatus isError={channels.isError} onRetry={() => void channels.refetch()} />
      ) : channels.data.channels.length === 0 ? (
        <p className="payments__notice">{t('deposit_channels_empty')}</p>
      ) : (
        <DepositForm channels={channels.data.channels} money={money} />
      )}
      <RecentDeposits money={money} />
    </section>
  );
}
