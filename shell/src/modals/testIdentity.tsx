// Helpers of the identity modals' component tests: the modal layer opened on a request, the
// identity calls answered, and the fields of the calls made (with testSealing.ts for "E" calls).
import { useEffect } from 'react';
import type { SystemStatus } from '../data/status';
import { statusOf } from '../../test/fixtures';
import { renderInShell, serve, type Answers, type ServedCall } from '../../test/render';
import { useModals, type ModalRequest } from './modalContext';

export const MEMBER_INFO = {
  id: 7,
  account: 'player01',
  nickname: 'Player',
  type: 4,
  toUpline: false,
  clubLabel: { labelName: 'VIP0', rankLevel: 0 },
  memberLabel: [],
};

export const LOGIN = { token: 'new-token', firstTimeLogin: false, passwordExpired: false };

export const CAPTCHA_IMAGE = 'data:image/png;base64,iVBORw0KGgo=';

/** The fields of an "E" call or a JSON call. */
export function bodyOf(call: ServedCall | undefined): Record<string, unknown> {
  return JSON.parse(String(call?.init?.body));
}

/** A refusal in the platform's envelope. */
export function refusal(status: number, code: string, message: string, value: unknown = null): Response {
  return new Response(JSON.stringify({ success: false, code, message, value }), { status });
}

export function callsTo(calls: ServedCall[], path: string): ServedCall[] {
  return calls.filter((call) => call.url.pathname === path);
}

export function headerOf(call: ServedCall | undefined, name: string): string | null {
  return new Headers(call?.init?.headers).get(name);
}

export const modal = (kind: string) => document.querySelector<HTMLElement>(`[data-modal="${kind}"]`);

function Opener({ request }: { request: ModalRequest | null }) {
  const modals = useModals();
  useEffect(() => {
    if (request) modals.open(request);
  }, [modals, request]);
  return null;
}

interface Options {
  path?: string;
  whitelabel?: Record<string, boolean>;
  status?: Partial<SystemStatus> & Record<string, unknown>;
  answers?: Answers;
}

/** The shell's modal layer at ``path`` with ``request`` open, the status and member info answered. */
export function renderModal(request: ModalRequest | null, { path = '/', whitelabel = {}, status = {}, answers = {} }: Options = {}) {
  const calls = serve({
    '/wps/system/status': statusOf({ whitelabel, ...status }),
    '/wps/member/info': MEMBER_INFO,
    '/wps/captcha': CAPTCHA_IMAGE,
    ...answers,
  });
  return { ...renderInShell(<Opener request={request} />, { path }), calls };
}
