import type { Session } from '@tessera/kit';

/**
 * VIP values of the public state (SPEC §3: hasVip, vipLabelName). The session does not carry
 * them yet; read them if present so the header follows as soon as it does.
 */
type VipSession = Session & { hasVip?: boolean; vipLabelName?: string | null };

export function memberHasVip(session: Session): boolean {
  return (session as VipSession).hasVip === true;
}

/** The member's VIP label, or null to show the default (VIP0). */
export function vipLabelName(session: Session): string | null {
  return (session as VipSession).vipLabelName || null;
}
