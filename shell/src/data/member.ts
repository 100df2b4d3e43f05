import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  clearBadgeCounts,
  fetchMemberInfo,
  memberKey,
  readSession,
  request,
  sendEncrypted,
  sendJson,
  useSession,
  writeSession,
  type MemberInfo,
} from '@tessera/kit';
import type { CaptchaAnswer, SmsSent } from '../forms';

export { memberKey, useMemberInfo, type MemberInfo } from '@tessera/kit';

/** The answer of every login: password, SMS, federated, registration, password reset, free play. */
export interface Login {
  token: string;
  firstTimeLogin: boolean;
  passwordExpired: boolean;
}

export interface PasswordLogin extends CaptchaAnswer {
  username: string;
  password: string;
  /** The code of an unregistered-address check (purpose "ip"). */
  verificationCode?: string;
  /** Set at the agent entrance, where only agents may log in. */
  agent?: boolean;
}

/** A login by phone: the server's SMS code, or the ID token of the brand's phone-auth provider. */
export type SmsLogin = {
  countryDialingCode: string;
  mobileNum: string;
  agent?: boolean;
} & ({ verificationCode: string } | { firebaseIdToken: string });

/** Store the session of a new login, once its member info has loaded (SPEC §4). */
export async function startSession(queryClient: QueryClient, token: string): Promise<MemberInfo> {
  const info = await fetchMemberInfo(token);
  queryClient.setQueryData(memberKey(token), info);
  writeSession({ token, isAgent: info.type, username: info.account });
  return info;
}

export function logIn(fields: PasswordLogin): Promise<Login> {
  return sendEncrypted<Login>('/wps/session/login', { type: 'username', ...fields });
}

export function logInBySms(fields: SmsLogin): Promise<Login> {
  return sendEncrypted<Login>('/wps/session/login', { type: 'sms', ...fields });
}

/** Sign in with the credential a provider's own button gave (an ID token, for instance). */
export function logInFederated(provider: string, credential: string): Promise<Login> {
  return sendEncrypted<Login>('/wps/session/login/federated', { provider, credential });
}

/** Why a code is sent to a member's phone without a session (identity contract). */
export type SmsPurpose = 'login' | 'forgot' | 'ip' | 'password';

export interface SmsRequest {
  purpose: SmsPurpose;
  countryDialingCode?: string;
  mobileNo?: string;
  /** For "ip": the code goes to this member's own number. */
  username?: string;
}

/**
 * POST /wps/verification/sms/noLogin. The answer is the same whether or not the number belongs
 * to a member; "password" needs the session and goes to the member's own number.
 */
export function sendSmsCode(fields: SmsRequest, captcha: CaptchaAnswer | null = null): Promise<SmsSent> {
  return sendJson<SmsSent>('/wps/verification/sms/noLogin', { ...fields, ...captcha });
}

export async function playForFree(queryClient: QueryClient): Promise<MemberInfo> {
  const login = await request<Login>('/wps/session/login/freeplay', { method: 'POST' });
  return startSession(queryClient, login.token);
}

/** What must still run with the session before it ends (money a game holds moving back), by whoever set it up. */
const beforeLogOut = new Set<() => Promise<unknown>>();
const LOG_OUT_WAIT_MS = 5000;

/** Run ``task`` before the next logout, while the session still works; the returned function cancels it. */
export function onBeforeLogOut(task: () => Promise<unknown>): () => void {
  beforeLogOut.add(task);
  return () => beforeLogOut.delete(task);
}

/** End the session: the server is told, but the session is forgotten here whatever it answers. */
export async function logOut(queryClient: QueryClient): Promise<void> {
  const tasks = [...beforeLogOut].map((task) => task().catch(() => undefined));
  await Promise.race([Promise.all(tasks), new Promise((resolve) => setTimeout(resolve, LOG_OUT_WAIT_MS))]);
  // The session's calls still under way are called off first: answered after the session ends, they
  // would only be refused (401).
  await queryClient.cancelQueries({ queryKey: ['member'] });
  try {
    await request<null>('/wps/session/logout', { method: 'DELETE' });
  } catch {
    /* not_logged_in or offline: the token is of no more use either way */
  }
  writeSession(null);
  clearBadgeCounts();
  // The session's answers: member info, avatar, balance.
  queryClient.removeQueries({ queryKey: ['member'] });
}

export type PasswordChange =
  | { oldPassword: string; newPassword: string; confirmNewPassword: string }
  | { verificationCode: string; newPassword: string; confirmNewPassword: string };

/**
 * POST /wps/member/password. ``token`` is given for the forced change right after a login, whose
 * session is not stored until the password is changed; otherwise the stored session is used.
 */
export function changePassword(fields: PasswordChange, token?: string): Promise<{ token: string }> {
  return sendEncrypted<{ token: string }>('/wps/member/password', fields, 'POST', token ? { Authorization: `Bearer ${token}` } : {});
}

/** After a password change every other session has ended: keep this one on its new token. */
export function renewSession(queryClient: QueryClient, token: string): void {
  const session = readSession();
  if (!session) return;
  const info = queryClient.getQueryData<MemberInfo>(memberKey(session.token));
  if (info) queryClient.setQueryData(memberKey(token), info);
  writeSession({ ...session, token });
  queryClient.removeQueries({ queryKey: memberKey(session.token) });
}

/** Ask for a reset link by e-mail; the answer is the same whether or not the account exists. */
export function requestPasswordEmail(username: string, email: string): Promise<null> {
  return request<null>('/wps/member/password/email', { method: 'POST', body: new URLSearchParams({ username, email }) });
}

export type PasswordReset =
  | { resetToken: string; newPassword: string }
  | { countryDialingCode: string; mobileNum: string; verificationCode: string; newPassword: string };

/** Set a new password from an e-mailed link or an SMS code; the answer logs the member in. */
export function resetPassword(fields: PasswordReset): Promise<Login> {
  return sendEncrypted<Login>('/wps/member/password/verification', fields);
}

export interface MemberIcon {
  iconId: number;
  url: string;
}

/** The member's avatar (GET /wps/member/info/icon). */
export function useMemberIcon() {
  const token = useSession()?.token;
  return useQuery({
    queryKey: ['member', token ?? '', 'icon'],
    enabled: Boolean(token),
    staleTime: 300_000,
    queryFn: ({ signal }) => request<MemberIcon>('/wps/member/info/icon', { signal }),
  });
}
