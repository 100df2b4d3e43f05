import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { REAL_MEMBER_TYPE } from '@tessera/kit';
import { noticesKey, useNotices, type NoticePayload } from '../data/content';
import { startSession, type Login, type MemberInfo } from '../data/member';
import { useFlag } from '../data/status';
import { hiddenToday } from './announcementDay';
import { useModals } from './modalContext';

/** How the member got the login: only a password typed at login can be forced to change. */
export type LoginVia = 'username' | 'sms' | 'federated' | 'register' | 'reset' | 'passwordChange';

export interface LoginFinish {
  via: LoginVia;
  /** The password typed at a username login, held in memory for a forced change. */
  password?: string;
  /** Where the member goes: / or, at the agent entrance, /agentHome (SPEC §2). */
  home?: string;
}

/** Whether this login must change its password before anything else (identity contract). */
export function mustChangePassword(login: Login, via: LoginVia, forcedOnFirstLogin: boolean): boolean {
  return via === 'username' && (login.passwordExpired || (forcedOnFirstLogin && login.firstTimeLogin));
}

/** Whether the deposit dialog follows: always after registering, else on a real member's first login (SPEC §4). */
function welcomesDeposit(login: Login, via: LoginVia, member: MemberInfo): boolean {
  return via === 'register' || (login.firstTimeLogin && member.type === REAL_MEMBER_TYPE);
}

/**
 * What follows every login (SPEC §4). A forced password change comes first and nothing else
 * happens until it is done (the session is stored only then). Otherwise the member info loads,
 * the session is stored, the member goes home and one modal follows: the deposit dialog (see
 * welcomesDeposit), else the popup announcements (type PU) unless hidden today.
 */
export function useAfterLogin(): (login: Login, finish: LoginFinish) => Promise<void> {
  const queryClient = useQueryClient();
  const modals = useModals();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const forcedOnFirstLogin = useFlag('FORCECHNGPASS3');
  // Keeps the announcements at hand for the moment the login answers.
  useNotices();

  return useCallback(
    async (login: Login, { via, password, home = '/' }: LoginFinish) => {
      if (mustChangePassword(login, via, forcedOnFirstLogin)) {
        modals.open({ kind: 'changePassword', forced: { login, oldPassword: password ?? '', home } });
        return;
      }
      const member = await startSession(queryClient, login.token);
      navigate(home);
      const popup = queryClient.getQueryData<NoticePayload>(noticesKey(i18n.language))?.popup ?? [];
      if (welcomesDeposit(login, via, member)) modals.open({ kind: 'deposit' });
      else if (popup.length > 0 && !hiddenToday()) modals.open({ kind: 'announcements' });
      else modals.close();
    },
    [queryClient, modals, navigate, i18n, forcedOnFirstLogin],
  );
}
