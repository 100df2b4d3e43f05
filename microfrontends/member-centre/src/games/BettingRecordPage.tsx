import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Pager, TableScroller } from '@tessera/kit';
import { NAMESPACE } from '../translations';
import { useWalletKey, type DateRange } from '../wallet/api';
import { DatePresets } from '../wallet/DatePresets';
import { isValidRange, presetRange } from '../wallet/dates';
import { useDateTime, useMoney } from '../wallet/money';
import { SummaryItem } from '../wallet/SummaryItem';
import { BET_STATUSES, DECIDED, fetchBets, useGameLanes, type BetPage, type BetStatus } from './api';
import { LoadState, offeredGameTypes, vendorsOf, WinLoss } from './parts';
import { GAMES_NS } from './translations';
import '../wallet/wallet.css';
import './games.css';

/**
 * Betting record (page key personalHistoryCopy): the member's bets, newest first, by game type,
 * vendor, status and days, with the bet, payout and win/loss of each and the summary of all the
 * bets selected.
 */
export function BettingRecordPage() {
  const { t } = useTranslation([GAMES_NS, NAMESPACE]);
  const money = useMoney();
  const walletKey = useWalletKey();
  const lanes = useGameLanes().data;
  const id = useId();
  const [gameType, setGameType] = useState('');
  const [vassalage, setVassalage] = useState('');
  const [status, setStatus] = useState<BetStatus | ''>('');
  const [range, setRange] = useState<DateRange>(() => presetRange('last7'));
  const [pageNo, setPageNo] = useState(1);
  const query = { gameType, vassalage, status, ...range, pageNo };
  const bets = useQuery({
    queryKey: walletKey('bets', query),
    queryFn: () => fetchBets(query),
    enabled: isValidRange(range),
    placeholderData: keepPreviousData,
  });
  const vendors = vendorsOf(lanes, gameType);

  function filter(change: () => void) {
    change();
    setPageNo(1);
  }

  function chooseGameType(next: string) {
    filter(() => {
      setGameType(next);
      // A vendor of another game type would select nothing.
      if (vassalage && !vendorsOf(lanes, next).some((vendor) => vendor.vassalage === vassalage)) setVassalage('');
    });
  }

  return (
    <section className="wallet wallet-records games-records" data-page="personalHistoryCopy">
      <h2>{t('personalHistoryCopy', { ns: NAMESPACE })}</h2>
      <div className="wallet-records__filters">
        <div className="field form-field" data-field="gameType">
          <label htmlFor={`${id}-type`}>{t('game_type')}</label>
          <select id={`${id}-type`} name="gameType" value={gameType} onChange={(event) => chooseGameType(event.target.value)}>
            <option value="">{t('game_type_all')}</option>
            {offeredGameTypes(lanes).map((type) => (
              <option key={type} value={type}>
                {t(`game_type_${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field form-field" data-field="vassalage">
          <label htmlFor={`${id}-vendor`}>{t('vendor')}</label>
          <select id={`${id}-vendor`} name="vassalage" value={vassalage} onChange={(event) => filter(() => setVassalage(event.target.value))}>
            <option value="">{t('vendor_all')}</option>
            {vendors.map((vendor) => (
              <option key={vendor.vassalage} value={vendor.vassalage}>
                {vendor.displayName}
              </option>
            ))}
          </select>
        </div>
        <div className="field form-field" data-field="status">
          <label htmlFor={`${id}-status`}>{t('status')}</label>
          <select id={`${id}-status`} name="status" value={status} onChange={(event) => filter(() => setStatus(event.target.value as BetStatus | ''))}>
            <option value="">{t('status_all')}</option>
            {BET_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`status_${value}`)}
              </option>
            ))}
          </select>
        </div>
        <DatePresets range={range} onChange={(next) => filter(() => setRange(next))} />
      </div>
      {bets.data && !bets.isError ? (
        <BetList page={bets.data} money={money} onPage={setPageNo} />
      ) : (
        isValidRange(range) && <LoadState failed={bets.isError} onRetry={() => void bets.refetch()} />
      )}
    </section>
  );
}

function BetList({ page, money, onPage }: { page: BetPage; money: ReturnType<typeof useMoney>; onPage: (pageNo: number) => void }) {
  const { t } = useTranslation(GAMES_NS);
  const dateTime = useDateTime();
  if (page.total === 0) {
    return (
      <p className="wallet__status" data-empty>
        {t('no_bets')}
      </p>
    );
  }
  const { summary } = page;
  return (
    <>
      <dl className="wallet__summary games-records__summary" aria-label={t('summary')}>
        <SummaryItem data-summary="count" label={t('count')}>{summary.count}</SummaryItem>
        <SummaryItem data-summary="bet" label={t('total_bet')}>{money(summary.bet)}</SummaryItem>
        <SummaryItem data-summary="payout" label={t('total_payout')}>{money(summary.payout)}</SummaryItem>
        <SummaryItem data-summary="winLoss" label={t('total_win_loss')}>
          <WinLoss amount={summary.winLoss} money={money} />
        </SummaryItem>
      </dl>
      <TableScroller className="wallet-records__table" label={t('personalHistoryCopy', { ns: NAMESPACE })}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('time')}</th>
              <th scope="col">{t('game')}</th>
              <th scope="col">{t('game_type')}</th>
              <th scope="col" className="wallet-records__money">{t('bet')}</th>
              <th scope="col" className="wallet-records__money">{t('payout')}</th>
              <th scope="col" className="wallet-records__money">{t('win_loss')}</th>
              <th scope="col">{t('status')}</th>
            </tr>
          </thead>
          <tbody>
            {page.list.map((bet) => (
              <tr key={bet.id} data-bet={bet.id} data-status={bet.status}>
                <td>{dateTime(bet.placedAt)}</td>
                <td>
                  <span className="games-records__game">{bet.gameName}</span>
                  <span className="games-records__detail">
                    {bet.vendorName} · {t('round', { id: bet.roundId })}
                  </span>
                </td>
                <td>{t(`game_type_${bet.gameType}`, { defaultValue: bet.gameType })}</td>
                <td className="wallet-records__money" data-amount="bet">
                  {money(bet.bet)}
                </td>
                <td className="wallet-records__money" data-amount="payout">
                  {DECIDED.includes(bet.status) ? money(bet.payout) : '—'}
                </td>
                <td className="wallet-records__money" data-amount="winLoss">
                  {DECIDED.includes(bet.status) ? <WinLoss amount={bet.winLoss} money={money} /> : '—'}
                </td>
                <td>{t(`status_${bet.status}`, { defaultValue: bet.status })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <Pager page={page.pageNo} total={page.totalPages} onChange={onPage} />
    </>
  );
}
