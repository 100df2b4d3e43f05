import type { ReactNode } from 'react';
import { Header } from './Header';

/** Layout variants of SPEC §2: full frame, banner without side menu, header only, bare page, agent footer. */
export type FrameVariant = 'full' | 'bannerNoSide' | 'headerOnly' | 'bare' | 'agentFooter';

export function Frame({ variant, children }: { variant: FrameVariant; children: ReactNode }) {
  if (variant === 'bare') return <main className="main main--bare">{children}</main>;
  return (
    <div className={`frame frame--${variant}`}>
      <Header />
      <main className="main">{children}</main>
    </div>
  );
}
