import { useQuery } from '@tanstack/react-query';
import { ApiError, request } from './api';
import { readSession, useSession, writeSession, type Session } from './session';

/** GET /wps/member/info (SPEC §3, §7). */
export interface MemberInfo {
  id: number;
  account: string;
  nickname: string;
  /** 4 real; 1, 2, 41, 42 agents; 0 free play; others restricted. */
  type: number;
  toUpline: boolean;
  clubLabel: { labelName: string; rankLevel: number };
  memberLabel: string[];
  /** The bound mobile number (masked by the server) and e-mail, when the member has them. */
  mobileNum?: string | null;
  email?: string | null;
}

/** Member type 4 is a real account; every other type is restricted (SPEC §4, §6). */
export const REAL_MEMBER_TYPE = 4;

export function isRealMember(session: Session | null): boolean {
  return session?.isAgent === REAL_MEMBER_TYPE;
}

/** The query key of a session's member info, shared by the shell and the remotes. */
export const memberKey = (token: string) => ['member', token];

export function fetchMemberInfo(token: string, signal?: AbortSignal): Promise<MemberInfo> {
  return request<MemberInfo>('/wps/member/info', { headers: { Authorization: `Bearer ${token}` }, signal });
}

/** The logged-in member; a 401 means the token expired, so the stored session is dropped. */
export function useMemberInfo() {
  const token = useSession()?.token;
  return useQuery({
    queryKey: memberKey(token ?? ''),
    enabled: Boolean(token),
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      try {
        return await fetchMemberInfo(token!, signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401 && readSession()?.token === token) writeSession(null);
        throw error;
      }
    },
  });
}

/**
 * Whether the brand sends verification codes by SMS: a flag that needs an SMS gateway is on
 * (SMS login, change password by phone, registration with a verified mobile number).
 */
export function brandSendsSms(whitelabel: Record<string, boolean> | undefined): boolean {
  return Boolean(whitelabel?.MOBILEVERCODELOGIN3 || whitelabel?.CHNGPASSVERIF3 || whitelabel?.REGMOBVERF3);
}
