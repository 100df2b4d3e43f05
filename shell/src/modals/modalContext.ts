// What the modal layer can be asked to show, and the context through which the frame and the
// modals themselves ask: ModalProvider fills it, so no modal needs to import the provider.
import { createContext, useContext } from 'react';
import type { Notice } from '../data/content';
import type { Login } from '../data/member';

/** A login that must change its password first; its session is not stored until then. */
export interface ForcedPasswordChange {
  login: Login;
  /** The password typed at login, held in memory only and sent as the old password. */
  oldPassword: string;
  home: string;
}

/** What the frame can ask the modal layer to show. */
export type ModalRequest =
  | { kind: 'notice'; notice: Notice }
  | { kind: 'announcements' }
  | { kind: 'feedback' }
  | { kind: 'help'; section?: string }
  | { kind: 'login' }
  | { kind: 'logout' }
  | { kind: 'register'; referralCode?: string | null }
  | { kind: 'deposit' }
  | { kind: 'changePassword'; forced?: ForcedPasswordChange }
  | { kind: 'forgotPassword' }
  | { kind: 'setPassword'; resetToken: string }
  | { kind: 'restrictedAccount' };

export interface Modals {
  open(request: ModalRequest): void;
  close(): void;
}

export const ModalContext = createContext<Modals>({ open: () => undefined, close: () => undefined });

export function useModals(): Modals {
  return useContext(ModalContext);
}
