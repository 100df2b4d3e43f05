// Helpers of the payment pages' component tests: the pages rendered in the shell's providers for
// a real member, the wallet calls answered, and the fields of the calls made.
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import type { Answers, ServedCall } from '../../../../shell/test/render';
import { balanceOf, renderForMember } from '../wallet/testWallet';

/** The calls made to ``path`` with ``method``. */
export function callsOf(calls: ServedCall[], method: string, path: string): ServedCall[] {
  return calls.filter((call) => call.url.pathname === path && (call.init?.method ?? 'GET') === method);
}

/** The multipart fields of a call, a file as "file:" and its name. */
export function formOf(call: ServedCall | undefined): Record<string, string> {
  const body = call?.init?.body;
  if (!(body instanceof FormData)) throw new Error('not multipart');
  return Object.fromEntries(Array.from(body.entries(), ([name, value]) => [name, typeof value === 'string' ? value : `file:${value.name}`]));
}

export function image(name = 'proof.png', type = 'image/png', size = 1024): File {
  return new File([new Uint8Array(size)], name, { type });
}

/** ``page`` at ``path`` for a logged-in real member, with a balance of ৳2,000.00 and ``answers`` served. */
export function renderPage(page: ReactElement, answers: Answers, path = '/') {
  // The file inputs accept PNG and JPEG only, but a browser lets a member pick any file.
  const user = userEvent.setup({ applyAccept: false });
  return { ...renderForMember(page, answers, { balance: balanceOf('2000.00'), path }), user };
}
