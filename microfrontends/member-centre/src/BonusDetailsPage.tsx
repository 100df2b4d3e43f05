import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Pager } from '@tessera/kit';
import { NAMESPACE } from './translations';
import { fetchBonuses, useWalletKey, type DateRange } from './wallet/api';
import { DatePresets } from './wallet/DatePresets';
import { isValidRange, presetRange } from './wallet/dates';
import { useDateTime, useMoney } from './wallet/money';
import './wallet/wallet.css';

/** Bonus details (page key bonusDetails): the bonuses credited in the chosen days, and their total. */
export function BonusDetailsPage() {
  const { t } = useTranslation(NAMESPACE);
  const money = useMoney();
  const dateTime = useDateTime();
  const walletKey = useWalletKey();
  const [range, setRange] = useState<DateRange>(() => presetRange('last7'));
  const [pageNo, setPageNo] = useState(1);
  const query = { ...range, pageNo };
  const bonuses = useQuery({
    queryKey: walletKey('bonuses', query),
    queryFn: () => fetchBonuses(query),
    enabled: isValidRange(range),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="wallet wallet-records" data-page="bonusDetails">
      <h2>{t('bonusDetails')}</h2>
      <div className="wallet-records__filters">
        <DatePresets
          range={range}
          onChange={(next) => {
            setRange(next);
            setPageNo(1);
          }}
        />
      </div>
      {bonuses.isError ? (
        <p className="wallet__status" role="alert">
          {t('wallet_load_failed')}
        </p>
      ) : !bonuses.data ? (
        isValidRange(range) && (
          <p className="wallet__status" role="status">
            {t('loading')}
          </p>
        )
      ) : (
        <>
          <p className="wallet-records__total" data-total>
            {t('bonus_total', { amount: money(bonuses.data.sumAmount) })}
          </p>
          {bonuses.data.list.length === 0 ? (
            <p className="wallet__status" data-empty>
              {t('no_bonuses')}
            </p>
          ) : (
            <>
              <ul className="wallet-bonuses">
                {bonuses.data.list.map((bonus) => (
                  <li key={bonus.id} className="wallet-bonuses__item" data-bonus={bonus.id}>
                    <span className="wallet-bonuses__title">{bonus.title}</span>
                    <span className="wallet-bonuses__amount" data-amount>
                      {money(bonus.amount, true)}
                    </span>
                    <span className="wallet-bonuses__date">{dateTime(bonus.createdAt)}</span>
                  </li>
                ))}
              </ul>
              <Pager page={bonuses.data.pageNo} total={bonuses.data.totalPages} onChange={setPageNo} />
            </>
          )}
        </>
      )}
    </section>
  );
}
