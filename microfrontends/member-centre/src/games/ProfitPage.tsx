import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TableScroller } from '@tessera/kit';
import { NAMESPACE } from '../translations';
import { useWalletKey, type DateRange } from '../wallet/api';
import { DatePresets } from '../wallet/DatePresets';
import { isValidRange, presetRange } from '../wallet/dates';
import { useMoney } from '../wallet/money';
import { SummaryItem } from '../wallet/SummaryItem';
import { fetchProfit, type BetFigures, type Profit } from './api';
import { LoadState, WinLoss } from './parts';
import { GAMES_NS } from './translations';
import '../wallet/wallet.css';
import './games.css';

/**
 * Personal profit/loss (page key personalProfit): over the chosen days, the member's settled bets
 * per game type and vendor with their win/loss, the totals, and the deposits, withdrawals and
 * bonuses of their main wallet.
 */
export function ProfitPage() {
  const { t } = useTranslation([GAMES_NS, NAMESPACE]);
  const money = useMoney();
  const walletKey = useWalletKey();
  const [range, setRange] = useState<DateRange>(() => presetRange('last7'));
  const profit = useQuery({
    queryKey: walletKey('profit', range),
    queryFn: () => fetchProfit({ ...range }),
    enabled: isValidRange(range),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="wallet wallet-records games-profit" data-page="personalProfit">
      <h2>{t('personalProfit', { ns: NAMESPACE })}</h2>
      <div className="wallet-records__filters">
        <DatePresets range={range} onChange={setRange} />
      </div>
      {profit.data && !profit.isError ? (
        <ProfitTables profit={profit.data} money={money} />
      ) : (
        isValidRange(range) && <LoadState failed={profit.isError} onRetry={() => void profit.refetch()} />
      )}
    </section>
  );
}

function ProfitTables({ profit, money }: { profit: Profit; money: ReturnType<typeof useMoney> }) {
  const { t } = useTranslation(GAMES_NS);
  const { rows, totals } = profit;
  return (
    <>
      <dl className="wallet__summary" aria-label={t('summary')}>
        <SummaryItem data-total="winLoss" label={t('total_win_loss')}>
          <WinLoss amount={totals.winLoss} money={money} />
        </SummaryItem>
        <SummaryItem data-total="bet" label={t('total_bet')}>{money(totals.bet)}</SummaryItem>
        <SummaryItem data-total="payout" label={t('total_payout')}>{money(totals.payout)}</SummaryItem>
      </dl>
      <h3>{t('profit_rows')}</h3>
      {rows.length === 0 ? (
        <p className="wallet__status" data-empty>
          {t('no_settled_bets')}
        </p>
      ) : (
        <TableScroller className="wallet-records__table" label={t('profit_rows')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('game_type')}</th>
                <th scope="col">{t('vendor')}</th>
                <th scope="col" className="wallet-records__money">{t('count')}</th>
                <th scope="col" className="wallet-records__money">{t('bet')}</th>
                <th scope="col" className="wallet-records__money">{t('payout')}</th>
                <th scope="col" className="wallet-records__money">{t('win_loss')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.gameType}:${row.vassalage}`} data-row={`${row.gameType}:${row.vassalage}`}>
                  <td>{t(`game_type_${row.gameType}`, { defaultValue: row.gameType })}</td>
                  <td>{row.vendorName}</td>
                  <FigureCells figures={row} money={money} />
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr data-row="total">
                <th scope="row" colSpan={2}>
                  {t('profit_total')}
                </th>
                <FigureCells figures={totals} money={money} />
              </tr>
            </tfoot>
          </table>
        </TableScroller>
      )}
      <h3>{t('money_moves')}</h3>
      <dl className="wallet__summary">
        {(['deposit', 'withdrawal', 'bonus'] as const).map((kind) => (
          <SummaryItem key={kind} data-total={kind} label={t(kind)}>{money(totals[kind])}</SummaryItem>
        ))}
      </dl>
    </>
  );
}

/** The bets' count, bet, payout and win/loss cells of a row of the table or of its total. */
function FigureCells({ figures, money }: { figures: BetFigures; money: ReturnType<typeof useMoney> }) {
  return (
    <>
      <td className="wallet-records__money" data-amount="count">{figures.count}</td>
      <td className="wallet-records__money" data-amount="bet">{money(figures.bet)}</td>
      <td className="wallet-records__money" data-amount="payout">{money(figures.payout)}</td>
      <td className="wallet-records__money" data-amount="winLoss">
        <WinLoss amount={figures.winLoss} money={money} />
      </td>
    </>
  );
}
