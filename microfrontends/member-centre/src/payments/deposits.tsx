import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { ApiError, TableScroller, useRefreshBalance } from '@tessera/kit';
import { useWalletKey } from '../wallet/api';
import { useDateTime } from '../wallet/money';
import { useReloadWallet } from './queries';
import { LoadStatus, StatusLabel } from './status';
import { PAYMENTS_NS } from './translations';
import { fetchDeposit, fetchDeposits } from './wallet';

/** A deposit back from the gateway is asked about every 2 s while pending, for about a minute. */
export const RETURNED_POLL_MS = 2_000;
export const RETURNED_POLL_LIMIT_MS = 60_000;

/**
 * The deposit the gateway sent the member back with (``deposit=<id>`` in the address): its status,
 * asked again while it is pending; the balance is loaded again once it is paid.
 */
export function ReturnedDeposit({ id, money }: { id: string; money: (amount: string) => string }) {
  const { t } = useTranslation(PAYMENTS_NS);
  const walletKey = useWalletKey();
  const reload = useReloadWallet();
  const refreshBalance = useRefreshBalance();
  // Each round of asking lasts a minute; "Check again" starts another.
  const [round, setRound] = useState(0);
  const [waited, setWaited] = useState(false);
  const deposit = useQuery({
    queryKey: walletKey('deposit', id),
    queryFn: () => fetchDeposit(id),
    refetchInterval: (query) => (query.state.data?.status === 'pending' && !waited ? RETURNED_POLL_MS : false),
  });
  const status = deposit.data?.status;

  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), RETURNED_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [round]);

  const credited = useRef(false);
  useEffect(() => {
    if (status !== 'paid' || credited.current) return;
    credited.current = true;
    void refreshBalance();
    reload('deposits');
  }, [status, reload, refreshBalance]);

  function checkAgain() {
    setWaited(false);
    setRound((count) => count + 1);
    void deposit.refetch();
  }

  let message: string;
  if (!deposit.data) {
    const missing = deposit.error instanceof ApiError && deposit.error.status === 404;
    message = deposit.isError ? t(missing ? 'returned_not_found' : 'load_failed') : t('loading');
  } else if (status === 'paid') message = t('returned_paid', { amount: money(deposit.data.amount) });
  else if (status === 'pending') message = t(waited ? 'returned_still_pending' : 'returned_pending');
  else message = t('returned_closed', { amount: money(deposit.data.amount) });

  return (
    <section className="payments__returned" aria-labelledby="payments-returned" data-returned-deposit={id} data-status={status}>
      <h3 id="payments-returned">{t('returned_title')}</h3>
      {deposit.data && (
        <p className="payments__returned-summary">
          {deposit.data.channelTitle} · {money(deposit.data.amount)} · <StatusLabel kind="deposit" status={deposit.data.status} />
        </p>
      )}
      <p role="status" className="payments__returned-message">
        {message}
      </p>
      {((status === 'pending' && waited) || (deposit.isError && !deposit.data)) && (
        <button type="button" className="button" onClick={checkAgain}>
          {t('check_again')}
        </button>
      )}
    </section>
  );
}

/** The member's latest deposits with their status. */
export function RecentDeposits({ money }: { money: (amount: string) => string }) {
  const { t } = useTranslation(PAYMENTS_NS);
  const walletKey = useWalletKey();
  const dateTime = useDateTime();
  const deposits = useQuery({ queryKey: walletKey('deposits'), queryFn: fetchDeposits });
  return (
    <section className="payments__records" aria-labelledby="payments-deposits">
      <h3 id="payments-deposits">{t('recent_deposits')}</h3>
      {!deposits.data ? (
        <LoadStatus isError={deposits.isError} onRetry={() => void deposits.refetch()} />
      ) : deposits.data.list.length === 0 ? (
        <p>{t('deposits_empty')}</p>
      ) : (
        <TableScroller className="payments__table-scroller" label={t('recent_deposits')}>
          <table className="payments__table">
            <thead>
              <tr>
                <th scope="col">{t('date')}</th>
                <th scope="col">{t('deposit_method')}</th>
                <th scope="col">{t('amount')}</th>
                <th scope="col">{t('status')}</th>
              </tr>
            </thead>
            <tbody>
              {deposits.data.list.map((deposit) => (
                <tr key={deposit.id} data-deposit={deposit.id}>
                  <td>{dateTime(deposit.createdAt)}</td>
                  <td>{deposit.channelTitle}</td>
                  <td className="payments__amount">{money(deposit.amount)}</td>
                  <td>
                    <StatusLabel kind="deposit" status={deposit.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </section>
  );
}
