import type { Session } from '@tessera/kit';

/**
 * VIP values of the public state (SPEC §3: hasVip). The session does not carry
 * it yet; read it if present so the header follows as soon as it does.
 */
type VipSession = Session & { hasVip?: boolean; vipLabelName?: string | null };

export function memberHasVip(session: Session): boolean {
  return (session as VipSession).hasVip === true;
}
