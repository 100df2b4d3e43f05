import { useLocation } from 'react-router';
import { Jackpot } from './Jackpot';
import { NoticeBar } from './NoticeBar';
import { TopBanner } from './TopBanner';
import { showsJackpot, showsNoticeBar } from './routeGroups';

/** The route's top banner, with the notice bar (home group) or the jackpot (/rng) under it when ``withExtras``. */
export function BannerArea({ withExtras }: { withExtras: boolean }) {
  const { pathname } = useLocation();
  return (
    <div className="frame__top">
      <TopBanner />
      {withExtras && showsNoticeBar(pathname) && <NoticeBar />}
      {withExtras && showsJackpot(pathname) && <Jackpot />}
    </div>
  );
}
