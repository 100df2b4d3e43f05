import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, formatDateTime } from '@tessera/kit';
import { checkDraw, dayOf, rankOf } from './fair';
import type { FairDraw } from './types';
import { useFairDraw, useFairSeries } from './queries';
import { refusalText } from './refusals';
import { LOTTERY_NS } from './texts';
import './lottery.css';

/** The fast games the proof covers (FastGameCode of the fair draws' calls). */
export const FAST_GAMES = ['ELOTT45S', 'ELOTT1M', 'ELOTT5M'];

/** The northern format's prize of each of the 27 positions (prizes.NORTH), for the table's row headers. */
const NORTH_PRIZES = ['special', 'first', 'second', 'second', ...Array(6).fill('third'), ...Array(4).fill('fourth'), ...Array(6).fill('fifth'), ...Array(3).fill('sixth'), ...Array(4).fill('seventh')] as string[];

function Verdict({ ok, label }: { ok: boolean; label: string }) {
  const { t } = useTranslation(LOTTERY_NS);
  return (
    <li data-check={ok ? 'ok' : 'failed'}>
      <span aria-hidden="true">{ok ? '✓' : '✗'}</span> {label}: <strong>{t(ok ? 'verify.ok' : 'verify.failed')}</strong>
    </li>
  );
}

/** The check itself, run in this browser with WebCrypto once the draw and its series' commitment are in. */
function Proof({ gameCode, numero }: { gameCode: string; numero: string }) {
  const { t, i18n } = useTranslation(LOTTERY_NS);
  const draw = useFairDraw(gameCode, numero);
  const series = useFairSeries(gameCode, dayOf(numero));
  // Recomputed here, with WebCrypto: the server's word is not taken for it.
  const checked = useQuery({
    queryKey: ['lottery', 'fair', 'check', draw.data, series.data?.commitment],
    queryFn: () => checkDraw(draw.data as FairDraw, series.data?.commitment ?? ''),
    enabled: Boolean(draw.data && series.data),
    staleTime: Infinity,
  });
  const check = checked.data;

  const error = draw.error ?? series.error;
  if (error) {
    const refusal = error instanceof ApiError ? { code: error.code, message: error.serverMessage, value: error.value } : { code: 'network_abnormal', message: null, value: null };
    return <p className="lottery-status" role="alert" data-verify-error={refusal.code}>{refusalText(t, refusal)}</p>;
  }
  if (!draw.data || !series.data || !check) return <p className="lottery-status" aria-busy="true">{t('verify.checking')}</p>;
  return (
    <div className="fair-proof" data-holds={check.holds}>
      <p className="fair-proof__verdict" role="status">
        {t(check.holds ? 'verify.holds' : 'verify.does_not_hold')}
      </p>
      <ul className="fair-proof__checks">
        <Verdict ok={check.chained} label={t('verify.chained')} />
        <Verdict ok={check.committed && check.seriesMatches} label={t('verify.committed', { rank: rankOf(numero) ?? '?' })} />
        <Verdict
          ok={check.committedBeforeLock}
          label={t('verify.before_lock', {
            committedAt: formatDateTime(draw.data.committedAt, i18n.language),
            lockAt: formatDateTime(draw.data.lockAt, i18n.language),
          })}
        />
      </ul>
      <dl className="fair-proof__hashes">
        <dt>{t('verify.seed')}</dt>
        <dd><code>{draw.data.seed}</code></dd>
        <dt>{t('verify.commitment')}</dt>
        <dd><code>{series.data.commitment}</code></dd>
      </dl>
      <table className="fair-proof__prizes">
        <caption>{t('verify.prizes')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('verify.prize')}</th>
            <th scope="col">{t('verify.published')}</th>
            <th scope="col">{t('verify.recomputed')}</th>
            <th scope="col">{t('verify.checked')}</th>
          </tr>
        </thead>
        <tbody>
          {check.prizes.map((prize, position) => (
            <tr key={position} data-prize-check={prize.matches ? 'ok' : 'failed'}>
              <th scope="row">{t(`prize.${NORTH_PRIZES[position]}`)}</th>
              <td>{prize.published ?? '—'}</td>
              <td>{prize.recomputed}</td>
              <td>{t(prize.matches ? 'verify.ok' : 'verify.failed')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /lottery/verify: anyone checks a drawn fast draw (a game and numero from the query or the form). */
export function VerifyPage() {
  const { t } = useTranslation(LOTTERY_NS);
  const [params, setParams] = useSearchParams();
  const gameCode = params.get('gameCode') ?? '';
  const numero = params.get('numero') ?? '';
  const [draftGame, setDraftGame] = useState(gameCode || FAST_GAMES[1]);
  const [draftNumero, setDraftNumero] = useState(numero);
  const gameId = useId();
  const numeroId = useId();
  const valid = rankOf(draftNumero.trim()) !== null;

  return (
    <section className="page lottery-verify" data-page="lottery-verify">
      <h1>{t('verify.title')}</h1>
      <p>{t('verify.intro')}</p>
      <form
        className="lottery-verify__form"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) setParams({ gameCode: draftGame, numero: draftNumero.trim() });
        }}
      >
        <label htmlFor={gameId}>{t('verify.game')}</label>
        <select id={gameId} value={draftGame} onChange={(event) => setDraftGame(event.target.value)}>
          {FAST_GAMES.map((code) => (
            <option key={code} value={code}>{code}</option>
          ))}
        </select>
        <label htmlFor={numeroId}>{t('verify.numero')}</label>
        <input id={numeroId} value={draftNumero} placeholder="20301114-0042" autoComplete="off" onChange={(event) => setDraftNumero(event.target.value)} />
        <button type="submit" disabled={!valid}>
          {t('verify.submit')}
        </button>
      </form>
      {gameCode && numero && <Proof key={`${gameCode}:${numero}`} gameCode={gameCode} numero={numero} />}
    </section>
  );
}
