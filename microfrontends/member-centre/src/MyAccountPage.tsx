import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { AGENT_TYPES, brandSendsSms, getJson, REAL_MEMBER_TYPE, requestShellModal, useMemberInfo, type MemberInfo } from '@tessera/kit';
import { NAMESPACE } from './translations';
import './MyAccountPage.css';

/** The brand's flags, from the status the shell has already loaded (the same query, shared). */
function useWhitelabel(): Record<string, boolean> | undefined {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['status', i18n.language],
    queryFn: () => getJson<{ whitelabel: Record<string, boolean> }>('/wps/system/status'),
    staleTime: 60_000,
  }).data?.whitelabel;
}

/** A number as the page shows it: the server masks it; one it did not is masked here. */
export function maskedMobile(mobile: string): string {
  if (/[•*]/.test(mobile) || mobile.length <= 7) return mobile;
  return `${mobile.slice(0, 3)}${'•'.repeat(mobile.length - 7)}${mobile.slice(-4)}`;
}

const FREE_PLAY_TYPE = 0;

/** The member type's name: real, free play, agent or restricted (SPEC §4, §6). */
function typeKey(type: number): string {
  if (type === REAL_MEMBER_TYPE) return 'member_type_real';
  if (type === FREE_PLAY_TYPE) return 'member_type_free_play';
  if (AGENT_TYPES.includes(type)) return 'member_type_agent';
  return 'member_type_restricted';
}

function Detail({ name, label, children }: { name: string; label: string; children: ReactNode }) {
  return (
    <div className="my-account__detail" data-detail={name}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function SecurityRow({ name, label, status, action }: { name: string; label: string; status: string; action?: ReactNode }) {
  return (
    <li className="my-account__security" data-security={name}>
      <span className="my-account__security-label">{label}</span>
      <span className="my-account__security-status">{status}</span>
      {action}
    </li>
  );
}

function Security({ member }: { member: MemberInfo }) {
  const { t } = useTranslation(NAMESPACE);
  const showsPhone = brandSendsSms(useWhitelabel()) || Boolean(member.mobileNum);
  return (
    <section className="my-account__settings" aria-labelledby="my-account-security">
      <h3 id="my-account-security">{t('security_settings')}</h3>
      <ul>
        <SecurityRow
          name="password"
          label={t('password')}
          status={t('password_set')}
          action={
            <button type="button" className="button my-account__change-password" onClick={() => requestShellModal('changePassword')}>
              {t('change_password')}
            </button>
          }
        />
        {showsPhone && <SecurityRow name="mobile" label={t('mobile')} status={member.mobileNum ? t('bound') : t('not_bound')} />}
        {member.email !== undefined && <SecurityRow name="email" label={t('email')} status={member.email ? t('bound') : t('not_bound')} />}
      </ul>
    </section>
  );
}

/**
 * My account (page key securityCenter): the member's details from /wps/member/info and the
 * security settings; changing the password opens the shell's modal.
 */
export function MyAccountPage() {
  const { t } = useTranslation(NAMESPACE);
  const { data: member, isError } = useMemberInfo();
  return (
    <section className="my-account" data-page="securityCenter">
      <h2>{t('securityCenter')}</h2>
      {!member ? (
        <p className="my-account__status" role={isError ? 'alert' : 'status'}>
          {isError ? t('load_failed') : t('loading')}
        </p>
      ) : (
        <>
          <dl className="my-account__details">
            <Detail name="account" label={t('account')}>{member.account}</Detail>
            <Detail name="nickname" label={t('nickname')}>{member.nickname}</Detail>
            <Detail name="vip" label={t('vip')}>{member.clubLabel?.labelName || t('vip_default')}</Detail>
            <Detail name="type" label={t('member_type')}>{t(typeKey(member.type))}</Detail>
            <Detail name="mobile" label={t('mobile')}>{member.mobileNum ? maskedMobile(member.mobileNum) : t('not_set')}</Detail>
            <Detail name="email" label={t('email')}>{member.email || t('not_set')}</Detail>
          </dl>
          <Security member={member} />
        </>
      )}
    </section>
  );
}
