import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useBootstrap } from '../brand';
import { changeLanguage, selectableLanguages } from '../i18n';
import { LotteryLobby } from './LotteryLobby';
import type { PrizeMode } from './types';

export { VerifyPage } from './VerifyPage';

/** A lobby launch's ``language`` (SPEC: lobby launch parameters), when the site offers it. */
function useLaunchLanguage() {
  const bootstrap = useBootstrap();
  const [params] = useSearchParams();
  const asked = params.get('language');
  useEffect(() => {
    const offered = selectableLanguages(bootstrap).find((code) => code.toLowerCase() === asked?.toLowerCase());
    if (offered) void changeLanguage(offered, bootstrap).catch(() => undefined);
  }, [asked, bootstrap]);
}

/** /vnlottery: the Vietnamese draws (prize mode LOTT). */
export function VnLotteryPage() {
  useLaunchLanguage();
  return <LotteryLobby prizeMode="LOTT" />;
}

/** /lottery: the fast draws (ELOTT), or the prize mode a lobby launch names (lottoPrizeMode). */
export function LotteryPage() {
  useLaunchLanguage();
  const [params] = useSearchParams();
  const prizeMode: PrizeMode = params.get('lottoPrizeMode')?.toUpperCase() === 'LOTT' ? 'LOTT' : 'ELOTT';
  return <LotteryLobby key={prizeMode} prizeMode={prizeMode} />;
}
