import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@tessera/kit';
import { useLotteryMoney } from './money';
import { enterNumbers } from './queries';
import { refusalText } from './refusals';
import { numbersReady } from './slip';
import { TabRow } from './TabRow';
import { LOTTERY_NS } from './texts';
import type { Board, BetTypeOffer } from './types';

/** The grid's numbers for a bet type of ``digits`` digits: 0–9 or 00–99; longer numbers are typed. */
export function gridNumbers(digits: number): string[] {
  if (digits > 2) return [];
  return Array.from({ length: 10 ** digits }, (_, value) => String(value).padStart(digits, '0'));
}

/** A bet type's price as the board shows it: a point's price and payout, or the odds. */
function PriceNote({ betType }: { betType: BetTypeOffer }) {
  const { t } = useTranslation(LOTTERY_NS);
  const { show } = useLotteryMoney();
  if (betType.costModel === 'point') {
    return <p className="bet-board__price">{t('board.point_price', { price: show(betType.price ?? ''), payout: show(betType.payout ?? '') })}</p>;
  }
  return <p className="bet-board__price">{t('board.odds', { odds: betType.odds ?? '' })}</p>;
}

/**
 * The board of a game: a tab per bet type it sells (with its price or odds), the number grid, typed
 * and quick entry, a stake, and the button putting the choice on the slip.
 */
export function BetBoard({ board, disabled, onAdd }: {
  board: Board;
  /** The draw is locked or none is open: nothing goes on the slip. */
  disabled: boolean;
  onAdd: (betType: BetTypeOffer, numbers: string[], stake: string) => void;
}) {
  const { t } = useTranslation(LOTTERY_NS);
  const [code, setCode] = useState(board.betTypes[0]?.code ?? '');
  const betType = board.betTypes.find((offer) => offer.code === code) ?? board.betTypes[0];
  const [chosen, setChosen] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [stake, setStake] = useState('');
  const typedId = useId();
  const quickId = useId();
  const stakeId = useId();
  const quick = useMutation({
    mutationFn: (text: string) => enterNumbers(betType.code, text),
    onSuccess: ({ numbers }) => {
      setChosen((previous) => [...previous, ...numbers.filter((number) => !previous.includes(number))]);
      setTyped('');
    },
  });
  if (!betType) return <p className="lottery-status">{t('board.none')}</p>;

  const selectType = (next: string) => {
    setCode(next);
    setChosen([]);
    quick.reset();
  };
  const toggle = (number: string) =>
    setChosen((previous) => (previous.includes(number) ? previous.filter((known) => known !== number) : [...previous, number]));
  const ready = numbersReady(betType, chosen) && stake.trim() !== '';
  const points = betType.costModel === 'point';
  const grid = gridNumbers(betType.digits);
  const quickError = quick.error
    ? refusalText(t, quick.error instanceof ApiError ? { code: quick.error.code, message: quick.error.serverMessage, value: quick.error.value } : { code: 'network_abnormal', message: null, value: null })
    : null;

  return (
    <div className="bet-board" data-bet-type={betType.code}>
      <TabRow
        name="bet-types"
        label={t('board.bet_types')}
        selected={betType.code}
        onSelect={selectType}
        entries={board.betTypes.map((offer) => ({ key: offer.code, label: t(`bet_type.${offer.code}`, { defaultValue: offer.code }) }))}
      />
      <PriceNote betType={betType} />
      <p className="bet-board__rule">
        {t(betType.exact ? 'board.count_exact' : 'board.count_at_least', { count: betType.count, digits: betType.digits })}
      </p>
      {grid.length > 0 && (
        <div className="number-grid" role="group" aria-label={t('board.grid')} data-digits={betType.digits}>
          {grid.map((number) => (
            <button key={number} type="button" data-number={number} aria-pressed={chosen.includes(number)} onClick={() => toggle(number)}>
              {number}
            </button>
          ))}
        </div>
      )}
      <form
        className="bet-board__entry"
        onSubmit={(event) => {
          event.preventDefault();
          if (typed.trim()) quick.mutate(typed);
        }}
      >
        <label htmlFor={grid.length > 0 ? quickId : typedId}>
          {grid.length > 0 ? t('board.quick') : t('board.typed', { digits: betType.digits })}
        </label>
        <input
          id={grid.length > 0 ? quickId : typedId}
          value={typed}
          autoComplete="off"
          placeholder={t('board.quick_example')}
          aria-describedby={quickError ? `${quickId}-error` : undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" data-action="quick-entry" disabled={quick.isPending || !typed.trim()}>
          {t('board.enter')}
        </button>
        {quickError && (
          <p id={`${quickId}-error`} className="bet-board__error" role="alert">
            {quickError}
          </p>
        )}
      </form>
      <div className="bet-board__chosen" aria-live="polite">
        <span>{t('board.chosen', { count: chosen.length })}</span>{' '}
        <span data-chosen="">{chosen.join(', ')}</span>
        {chosen.length > 0 && (
          <button type="button" onClick={() => setChosen([])}>
            {t('board.clear_chosen')}
          </button>
        )}
      </div>
      <div className="bet-board__stake">
        <label htmlFor={stakeId}>{t(points ? 'slip.points' : 'slip.stake')}</label>
        <input id={stakeId} inputMode={points ? 'numeric' : 'decimal'} value={stake} onChange={(event) => setStake(event.target.value)} />
        <span className="bet-board__limits">{t('board.limits', { min: betType.minStake, max: betType.maxStake })}</span>
      </div>
      <button
        type="button"
        className="bet-board__add"
        data-action="add-to-slip"
        disabled={!ready || disabled}
        onClick={() => {
          onAdd(betType, chosen, stake.trim());
          setChosen([]);
        }}
      >
        {t('board.add')}
      </button>
    </div>
  );
}
