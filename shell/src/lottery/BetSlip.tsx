import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@tessera/kit';
import { useLotteryMoney } from './money';
import type { SlipEntry, useSlip } from './placing';
import { fetchRoom, LOTTERY_KEY } from './queries';
import { refusalText } from './refusals';
import { lineFigures, slipTotals, stakeMinor, toMinor, type SlipLine } from './slip';
import { LOTTERY_NS } from './texts';

/** A number is near its limit when the room left is under the line's stake, or a tenth of the most per number. */
function nearLimit(room: bigint, stake: bigint | null, maxPerNumber: bigint | null): boolean {
  return (stake !== null && room < stake * 2n) || (maxPerNumber !== null && room * 10n <= maxPerNumber);
}

/** The room left on a line's numbers, shown only for those near their limit. */
function RoomNote({ line }: { line: SlipLine }) {
  const { t } = useTranslation(LOTTERY_NS);
  const { places } = useLotteryMoney();
  const session = useSession();
  const room = useQuery({
    queryKey: ['member', session?.token ?? '', LOTTERY_KEY, 'room', line.gameCode, line.numero, line.betType.code, line.numbers],
    queryFn: () => fetchRoom(line.gameCode, line.numero, line.betType.code, line.numbers),
    enabled: Boolean(session),
    staleTime: 10_000,
  });
  const unitPlaces = line.betType.costModel === 'point' ? 0 : places;
  const stake = stakeMinor(line, places);
  const most = toMinor(line.betType.maxPerNumber, unitPlaces);
  const near = Object.entries(room.data?.room ?? {}).filter(([, left]) => {
    const minor = toMinor(left, unitPlaces);
    return minor !== null && nearLimit(minor, stake, most);
  });
  if (near.length === 0) return null;
  return (
    <p className="slip-line__room" data-room="">
      {t('slip.room', { room: near.map(([number, left]) => `${number}: ${left}`).join(', ') })}
    </p>
  );
}

/** One line: what it bets on, its stake (editable), cost and payout, the room and any refusal. */
function SlipLineView({ line, stale, slip }: { line: SlipEntry; stale: boolean; slip: ReturnType<typeof useSlip> }) {
  const { t } = useTranslation(LOTTERY_NS);
  const { places, show } = useLotteryMoney();
  const stakeId = useId();
  const figures = lineFigures(line, places);
  const points = line.betType.costModel === 'point';
  return (
    <li className="slip-line" data-slip-line={line.requestId} data-refused={line.refusal?.code}>
      <div className="slip-line__head">
        <strong>{t(`bet_type.${line.betType.code}`, { defaultValue: line.betType.code })}</strong>
        <span>{line.gameName} · {line.numero}</span>
        <button type="button" className="slip-line__remove" aria-label={t('slip.remove')} onClick={() => slip.remove(line.requestId)}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <p className="slip-line__numbers">{line.numbers.join(', ')}</p>
      <label htmlFor={stakeId}>{t(points ? 'slip.points' : 'slip.stake')}</label>
      <input
        id={stakeId}
        inputMode={points ? 'numeric' : 'decimal'}
        value={line.stake}
        aria-invalid={figures === null}
        onChange={(event) => slip.change(line.requestId, { stake: event.target.value })}
      />
      {figures ? (
        <dl className="slip-line__figures">
          <dt>{t('slip.cost')}</dt>
          <dd data-line-cost="">{show(figures.cost)}</dd>
          <dt>{t('slip.per_hit')}</dt>
          <dd>{show(figures.perHit)}</dd>
        </dl>
      ) : (
        <p className="slip-line__invalid">{t(points ? 'slip.points_invalid' : 'slip.stake_invalid')}</p>
      )}
      {stale && (
        <p className="slip-line__stale" role="status">
          {t('slip.stale')}
        </p>
      )}
      {!stale && <RoomNote line={line} />}
      {line.refusal && (
        <p className="slip-line__refusal" role="alert" data-refusal={line.refusal.code}>
          {refusalText(t, line.refusal)}
        </p>
      )}
    </li>
  );
}

/**
 * The bet slip: its lines, the total cost and potential payout, and the placing. On a phone it is a
 * bottom sheet that opens from its bar; on a wide screen it stands beside the board.
 */
export function BetSlip({ slip, openNumeros, onPlace }: {
  slip: ReturnType<typeof useSlip>;
  /** The numero open for bets now, per game code: a line of another numero cannot be placed. */
  openNumeros: Record<string, string | null>;
  onPlace: () => void;
}) {
  const { t } = useTranslation(LOTTERY_NS);
  const { places, show } = useLotteryMoney();
  const [expanded, setExpanded] = useState(false);
  const sheetId = useId();
  const stale = (line: SlipLine) => openNumeros[line.gameCode] !== line.numero;
  const live = slip.lines.filter((line) => !stale(line));
  const totals = slipTotals(live, places);
  const canPlace = totals.valid && !slip.placing;

  return (
    <aside className="bet-slip" aria-label={t('slip.title')} data-expanded={expanded || undefined}>
      <button type="button" className="bet-slip__bar" aria-expanded={expanded} aria-controls={sheetId} onClick={() => setExpanded(!expanded)}>
        <span>{t('slip.title')}</span>
        <span className="bet-slip__count" data-slip-count={slip.lines.length}>
          {t('slip.count', { count: slip.lines.length })}
        </span>
        <span>{show(totals.cost)}</span>
      </button>
      <div className="bet-slip__sheet" id={sheetId}>
        <h2>{t('slip.title')}</h2>
        {slip.placed.length > 0 && (
          <p className="bet-slip__placed" role="status" data-placed={slip.placed.length}>
            {t('slip.placed', { count: slip.placed.length })}
          </p>
        )}
        {slip.lines.length === 0 ? (
          <p className="bet-slip__empty">{t('slip.empty')}</p>
        ) : (
          <ul className="bet-slip__lines">
            {slip.lines.map((line) => (
              <SlipLineView key={line.requestId} line={line} stale={stale(line)} slip={slip} />
            ))}
          </ul>
        )}
        <dl className="bet-slip__totals">
          <dt>{t('slip.total_cost')}</dt>
          <dd data-total-cost="">{show(totals.cost)}</dd>
          <dt>{t('slip.potential')}</dt>
          <dd data-potential="">{show(totals.potential)}</dd>
        </dl>
        <div className="bet-slip__actions">
          <button type="button" className="bet-slip__place" data-action="place-bets" disabled={!canPlace} onClick={onPlace}>
            {slip.placing ? t('slip.placing') : t('slip.place')}
          </button>
          <button type="button" data-action="clear-slip" disabled={slip.lines.length === 0 || slip.placing} onClick={slip.clear}>
            {t('slip.clear')}
          </button>
        </div>
      </div>
    </aside>
  );
}
