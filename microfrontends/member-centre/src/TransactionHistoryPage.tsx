import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Pager, TableScroller, useBalance } from '@tessera/kit';
import { NAMESPACE } from './translations';
import { fetchRecords, RECORD_TYPES, useWalletKey, type DateRange, type RecordType } from './wallet/api';
import { DatePresets } from './wallet/DatePresets';
import { isValidRange, presetRange } from './wallet/dates';
import { useDateTime, useMoney } from './wallet/money';
import './wallet/wallet.css';

/** The wallet a record moved: the main wallet, or a vendor's by its name when known. */
function useWalletName(): (wallet: string) => string {
  const { t } = useTranslation(NAMESPACE);
  const wallets = useBalance().balance?.wallets ?? [];
  return (wallet) => (wallet === 'main' ? t('main_wallet') : (wallets.find((entry) => entry.vassalage === wallet)?.displayName ?? wallet));
}

/**
 * Account record (page key transactionHistory): the member's wallet records, newest first, by
 * type and days (presets or start and end), with the signed amount and the balance after each.
 */
export function TransactionHistoryPage() {
  const { t } = useTranslation(NAMESPACE);
  const money = useMoney();
  const dateTime = useDateTime();
  const walletName = useWalletName();
  const walletKey = useWalletKey();
  const typeId = useId();
  const [type, setType] = useState<RecordType>('all');
  const [range, setRange] = useState<DateRange>(() => presetRange('last7'));
  const [pageNo, setPageNo] = useState(1);
  const query = { type, ...range, pageNo };
  const records = useQuery({
    queryKey: walletKey('transactions', query),
    queryFn: () => fetchRecords(query),
    enabled: isValidRange(range),
    placeholderData: keepPreviousData,
  });

  function filter(change: () => void) {
    change();
    setPageNo(1);
  }

  return (
    <section className="wallet wallet-records" data-page="transactionHistory">
      <h2>{t('transactionHistory')}</h2>
      <div className="wallet-records__filters">
        <div className="field form-field" data-field="type">
          <label htmlFor={typeId}>{t('record_type')}</label>
          <select id={typeId} name="type" value={type} onChange={(event) => filter(() => setType(event.target.value as RecordType))}>
            {RECORD_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`record_type_${value}`)}
              </option>
            ))}
          </select>
        </div>
        <DatePresets range={range} onChange={(next) => filter(() => setRange(next))} />
      </div>
      {records.isError ? (
        <p className="wallet__status" role="alert">
          {t('wallet_load_failed')}
        </p>
      ) : !records.data ? (
        isValidRange(range) && (
          <p className="wallet__status" role="status">
            {t('loading')}
          </p>
        )
      ) : records.data.list.length === 0 ? (
        <p className="wallet__status" data-empty>
          {t('no_records')}
        </p>
      ) : (
        <>
          <TableScroller className="wallet-records__table" label={t('transactionHistory')}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('time')}</th>
                  <th scope="col">{t('record_type')}</th>
                  <th scope="col">{t('wallet')}</th>
                  <th scope="col" className="wallet-records__money">{t('amount')}</th>
                  <th scope="col" className="wallet-records__money">{t('balance_after')}</th>
                  <th scope="col">{t('remark')}</th>
                </tr>
              </thead>
              <tbody>
                {records.data.list.map((record) => (
                  <tr key={record.id} data-record={record.id}>
                    <td>{dateTime(record.createdAt)}</td>
                    <td>{t(`record_type_${record.type}`, { defaultValue: record.type })}</td>
                    <td>{walletName(record.wallet)}</td>
                    <td className={record.amount.trim().startsWith('-') ? 'wallet-records__money is-debit' : 'wallet-records__money is-credit'} data-amount>
                      {money(record.amount, true)}
                    </td>
                    <td className="wallet-records__money" data-balance-after>
                      {money(record.balanceAfter)}
                    </td>
                    <td>{record.remark || record.reference || ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
          <Pager page={records.data.pageNo} total={records.data.totalPages} onChange={setPageNo} />
        </>
      )}
    </section>
  );
}
