import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, moneyStyleOf, TableScroller, zoneLabel } from '@tessera/kit';
import { useBrand } from '../brand';
import { useSystemStatus } from '../data/status';
import { fetchWinners, WINNERS_COUNT } from './api';
import { HomeState, useDrawnAnswer } from './HomeState';
import './play.css';

export function useWinners() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['winners', i18n.language],
    queryFn: fetchWinners,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** YYYY.MM.DD (SPEC §9) as a machine-readable date. */
function isoDate(wonAt: string): string | undefined {
  return /^\d{4}\.\d{2}\.\d{2}$/.test(wonAt) ? wonAt.replace(/\./g, '-') : undefined;
}

/** The board's place while it loads: its heading row and a row for each winner to come. */
function WinnersPlaceholder() {
  return (
    <div className="home-winners__placeholder" aria-hidden="true">
      <table className="home-winners__table">
        <tbody>
          {Array.from({ length: WINNERS_COUNT + 1 }, (_, position) => (
            <tr key={position}>
              <td>{'\u00a0'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The winners board: rank, the masked player, the game, the payout and the day it was won. */
export function Winners() {
  const { t, i18n } = useTranslation('play');
  const winners = useWinners();
  const brand = useBrand();
  const money = moneyStyleOf(useSystemStatus().data?.brand ?? brand);
  const { data: drawn, state } = useDrawnAnswer(winners);
  const list = drawn ?? [];
  return (
    <section className="home-section home-winners" data-home="winners" aria-labelledby="home-winners-title">
      <h2 id="home-winners-title" className="home-section__title">
        {t('winners.title')}
      </h2>
      {list.length > 0 ? (
        <TableScroller className="home-winners__scroller" label={t('winners.title')}>
          <table className="home-winners__table">
            <thead>
              <tr>
                <th scope="col">{t('winners.rank')}</th>
                <th scope="col">{t('winners.player')}</th>
                <th scope="col">{t('winners.game')}</th>
                <th scope="col" className="home-winners__payout">
                  {t('winners.payout')}
                </th>
                {/* The day each win fell on in the brand's zone (SPEC §9 YYYY.MM.DD), the zone named. */}
                <th scope="col">{t('winners.date_in', { zone: zoneLabel(brand.timezone || 'UTC', i18n.language) })}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((winner) => (
                <tr key={winner.rank} data-rank={winner.rank}>
                  <td>{winner.rank}</td>
                  <td>{winner.player}</td>
                  <td>{winner.gameName}</td>
                  <td className="home-winners__payout">{formatMoney(winner.payout, money, i18n.language)}</td>
                  <td>
                    <time dateTime={isoDate(winner.wonAt)}>{winner.wonAt}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      ) : (
        <HomeState
          state={state}
          texts={{ loading: t('winners.loading'), failed: t('winners.failed'), empty: t('winners.empty') }}
          onRetry={() => void winners.refetch()}
          placeholder={<WinnersPlaceholder />}
        />
      )}
    </section>
  );
}
