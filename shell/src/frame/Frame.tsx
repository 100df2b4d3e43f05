import type { ReactNode } from 'react';
import { AgentFooter } from './AgentFooter';
import { BannerArea } from './BannerArea';
import { BottomNavigation } from './BottomNavigation';
import { Footer } from './Footer';
import { Header } from './Header';
import { SideBar } from './SideBar';
import './frame.css';

/** Layout variants of SPEC §2: full frame, banner without side menu, header only, bare page, agent footer. */
export type FrameVariant = 'full' | 'bannerNoSide' | 'headerOnly' | 'bare' | 'agentFooter';

export function Frame({ variant, children }: { variant: FrameVariant; children: ReactNode }) {
  if (variant === 'bare') {
    return (
      <div className="frame frame--bare" data-variant={variant}>
        <main className="main">{children}</main>
      </div>
    );
  }
  if (variant === 'headerOnly') {
    return (
      <div className="frame frame--headerOnly" data-variant={variant}>
        <Header />
        <main className="main">{children}</main>
      </div>
    );
  }
  // Only the full frame has the side bar and the notice bar or jackpot under the banner.
  const full = variant === 'full';
  return (
    <div className={`frame frame--${variant}`} data-variant={variant}>
      <Header />
      <BottomNavigation />
      <BannerArea withExtras={full} />
      <div className="frame__body">
        <main className="main">{children}</main>
        {full && <SideBar />}
      </div>
      {variant === 'agentFooter' ? <AgentFooter /> : <Footer />}
    </div>
  );
}
