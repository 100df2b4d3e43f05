// The logged-in staff member's session (GET /bo/api/session) and the brand they chose to work on:
// kept here for the data provider, which is no component, and read by components through hooks.
import { useSyncExternalStore } from 'react';
import { call, keepCsrfToken } from './api';

export interface Brand {
  slug: string;
  name: string;
  roles: string[];
  permissions: string[];
  /** The languages the brand offers, its default first. */
  languages: string[];
  /** The brand's IANA time zone: its days (reports, dashboard) begin and end there. */
  timeZone: string;
}

export interface StaffSession {
  staff: { id: number; username: string; superuser: boolean; twoFactor: boolean; mustChangePassword: boolean };
  brands: Brand[];
  csrfToken: string;
}

export const BRAND_KEY = 'tessera.backOffice.brand';

let current: StaffSession | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export function remember(session: StaffSession | null): void {
  current = session;
  keepCsrfToken(session?.csrfToken ?? null);
  changed();
}

export function currentSession(): StaffSession | null {
  return current;
}

/** Whether the session may use the back office: its password changed and two-factor set up. */
export function isComplete(session: StaffSession): boolean {
  return session.staff.twoFactor && !session.staff.mustChangePassword;
}

/** The session behind the cookie, or null without one. */
export async function loadSession(): Promise<StaffSession | null> {
  try {
    remember((await call<StaffSession>('/session')).value);
  } catch {
    remember(null);
  }
  return current;
}

/** The brand the staff member works on: the one they chose, else their first. */
export function chosenBrand(session: StaffSession | null = current): Brand | null {
  if (!session || session.brands.length === 0) return null;
  let chosen: string | null = null;
  try {
    chosen = window.localStorage.getItem(BRAND_KEY);
  } catch {
    chosen = null;
  }
  return session.brands.find((brand) => brand.slug === chosen) ?? session.brands[0];
}

export function chooseBrand(slug: string): void {
  window.localStorage.setItem(BRAND_KEY, slug);
  changed();
}

/** Whether the staff member holds ``permission`` on the chosen brand (a superuser holds all). */
export function allows(permission: string, session: StaffSession | null = current): boolean {
  if (!session) return false;
  if (session.staff.superuser) return true;
  return chosenBrand(session)?.permissions.includes(permission) ?? false;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session and the chosen brand, re-rendering when either changes. */
export function useStaffSession(): { session: StaffSession | null; brand: Brand | null } {
  const session = useSyncExternalStore(subscribe, currentSession);
  const slug = useSyncExternalStore(subscribe, () => chosenBrand(session)?.slug ?? null);
  return { session, brand: session?.brands.find((b) => b.slug === slug) ?? null };
}
