import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, clearBadgeCounts, readSession, request, sendEncrypted, useSession, writeSession } from '@tessera/kit';

/** GET /wps/member/info (SPEC §7). */
export interface MemberInfo {
  id: number;
  account: string;
  nickname: string;
  /** 4 real; 1, 2, 41, 42 agents; 0 free play. */
  type: number;
  toUpline: boolean;
  clubLabel: { labelName: string; rankLevel: number };
  memberLabel: string[];
}

/** The answer of a login or a free-play login. */
export interface Login {
  token: string;
  firstTimeLogin: boolean;
  passwordExpired: boolean;
}

export const memberKey = (token: string) => ['member', token];

function fetchMemberInfo(token: string): Promise<MemberInfo> {
  return request<MemberInfo>('/wps/member/info', { headers: { Authorization: `Bearer ${token}` } });
}

/** The logged-in member; a 401 means the token expired, so the stored session is dropped. */
export function useMemberInfo() {
  const token = useSession()?.token;
  return useQuery({
    queryKey: memberKey(token ?? ''),
    enabled: Boolean(token),
    staleTime: 60_000,
    queryFn: async () => {
      try {
        return await fetchMemberInfo(token!);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401 && readSession()?.token === token) writeSession(null);
        throw error;
      }
    },
  });
}

/** Store the session of a new login, once its member info has loaded (SPEC §4). */
async function startSession(queryClient: QueryClient, { token }: Login): Promise<MemberInfo> {
  const info = await fetchMemberInfo(token);
  queryClient.setQueryData(memberKey(token), info);
  writeSession({ token, isAgent: info.type, username: info.account });
  return info;
}

export async function logIn(queryClient: QueryClient, username: string, password: string): Promise<MemberInfo> {
  const login = await sendEncrypted<Login>('/wps/session/login', { type: 'username', username, password });
  return startSession(queryClient, login);
}

export async function playForFree(queryClient: QueryClient): Promise<MemberInfo> {
  const login = await request<Login>('/wps/session/login/freeplay', { method: 'POST' });
  return startSession(queryClient, login);
}

/** End the session: the server is told, but the session is forgotten here whatever it answers. */
export async function logOut(queryClient: QueryClient): Promise<void> {
  try {
    await request<null>('/wps/session/logout', { method: 'DELETE' });
  } catch {
    /* not_logged_in or offline: the token is of no more use either way */
  }
  writeSession(null);
  clearBadgeCounts();
  queryClient.removeQueries({ queryKey: ['member'] });
}
