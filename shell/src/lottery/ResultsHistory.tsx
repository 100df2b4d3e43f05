import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@tessera/kit';
import { useResults } from './queries';
import { LOTTERY_NS } from './texts';
import type { DrawnDraw } from './types';

/** The verify page's address for a drawn fast draw. */
export function verifyPath(gameCode: string, numero: string): string {
  return `/lottery/verify?${new URLSearchParams({ gameCode, numero })}`;
}

function DrawResults({ draw, fast }: { draw: DrawnDraw; fast: boolean }) {
  const { t, i18n } = useTranslation(LOTTERY_NS);
  const headingId = `draw-${draw.gameId}-${draw.numero}`;
  return (
    <li className="draw-results" data-numero={draw.numero}>
      <h2 id={headingId}>
        {t('draw.numero', { numero: draw.numero })}{' '}
        <time className="draw-results__time" dateTime={draw.winningTime}>{formatDateTime(draw.winningTime, i18n.language)}</time>
        {draw.resultVersion > 1 && <span className="lottery-badge" data-corrected="">{t('results.corrected')}</span>}
      </h2>
      <table className="draw-results__prizes" aria-labelledby={headingId}>
        <tbody>
          {draw.prizes.map((group) => (
            <tr key={group.prize} data-prize={group.prize}>
              <th scope="row">{t(`prize.${group.prize}`, { defaultValue: group.prize })}</th>
              <td>
                {group.numbers.map((number, position) => (
                  <span key={position} className="draw-results__number">{number}</span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {fast && (
        <Link className="draw-results__verify" to={verifyPath(draw.gameId, draw.numero)} data-action="verify">
          {t('results.verify')}
        </Link>
      )}
    </li>
  );
}

/** A game's drawn draws, newest first, each with every prize grouped by prize; fast draws link their proof. */
export function ResultsHistory({ gameCode, fast }: { gameCode: string; fast: boolean }) {
  const { t } = useTranslation(LOTTERY_NS);
  const results = useResults(gameCode);
  if (results.isPending) return <p className="lottery-status" aria-busy="true">{t('status.loading')}</p>;
  if (results.isError)
    return (
      <p className="lottery-status" role="alert">
        <span>{t('status.failed')}</span>{' '}
        <button type="button" onClick={() => void results.refetch()}>
          {t('status.retry')}
        </button>
      </p>
    );
  if (results.data.length === 0) return <p className="lottery-status" data-empty="">{t('results.none')}</p>;
  return (
    <ol className="results-history" aria-label={t('results.title')}>
      {results.data.map((draw) => (
        <DrawResults key={draw.numero} draw={draw} fast={fast} />
      ))}
    </ol>
  );
}
