import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, Pager, TableScroller } from '@tessera/kit';
import { useLotteryMoney } from './money';
import { useMyBets } from './queries';
import { LOTTERY_NS } from './texts';
import type { BetState } from './types';

const STATES: BetState[] = ['placed', 'won', 'lost', 'void'];

/** The member's lottery bets, newest first, paged, by state, with their payouts. */
export function MyBets({ gameCode }: { gameCode?: string }) {
  const { t, i18n } = useTranslation(LOTTERY_NS);
  const { show } = useLotteryMoney();
  const [state, setState] = useState<BetState | null>(null);
  const [page, setPage] = useState(1);
  const bets = useMyBets({ gameCode, state, page });
  const choose = (next: BetState | null) => {
    setState(next);
    setPage(1);
  };

  return (
    <div className="my-bets">
      <div className="my-bets__states" role="group" aria-label={t('bets.states')}>
        {[null, ...STATES].map((option) => (
          <button key={option ?? 'all'} type="button" data-state-filter={option ?? 'all'} aria-pressed={state === option} onClick={() => choose(option)}>
            {t(option ? `bets.state.${option}` : 'bets.all')}
          </button>
        ))}
      </div>
      {bets.isPending && <p className="lottery-status" aria-busy="true">{t('status.loading')}</p>}
      {bets.isError && (
        <p className="lottery-status" role="alert">
          <span>{t('status.failed')}</span>{' '}
          <button type="button" onClick={() => void bets.refetch()}>
            {t('status.retry')}
          </button>
        </p>
      )}
      {bets.data && bets.data.content.length === 0 && <p className="lottery-status" data-empty="">{t('bets.none')}</p>}
      {bets.data && bets.data.content.length > 0 && (
        <TableScroller label={t('bets.title')} className="my-bets__scroller">
          <table className="my-bets__table">
            <thead>
              <tr>
                <th scope="col">{t('bets.game')}</th>
                <th scope="col">{t('bets.bet')}</th>
                <th scope="col">{t('bets.stake')}</th>
                <th scope="col">{t('bets.payout')}</th>
                <th scope="col">{t('bets.state_column')}</th>
              </tr>
            </thead>
            <tbody>
              {bets.data.content.map((bet) => (
                <tr key={bet.betId} data-bet={bet.betId} data-state={bet.state}>
                  <td>
                    <span className="my-bets__game">{bet.remark}</span>
                    <span className="my-bets__numero">{bet.numero}</span>
                    <time dateTime={bet.placedAt}>{formatDateTime(bet.placedAt, i18n.language)}</time>
                  </td>
                  <td>
                    <span>{t(`bet_type.${bet.betType}`, { defaultValue: bet.betType })}</span>
                    <span className="my-bets__numbers">{bet.numbers.join(', ')}</span>
                  </td>
                  <td>
                    <span>{show(bet.cost)}</span>
                    <span className="my-bets__potential">{t('bets.potential', { amount: show(bet.potentialPayout) })}</span>
                  </td>
                  <td>{bet.payout === null ? '—' : show(bet.payout)}</td>
                  <td>
                    <span className={`lottery-badge lottery-badge--${bet.state}`} data-badge={bet.state}>
                      {t(`bets.state.${bet.state}`)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
      {bets.data && <Pager page={page} total={bets.data.totalPages} onChange={setPage} />}
    </div>
  );
}
