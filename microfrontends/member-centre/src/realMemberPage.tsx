import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { isRealMember, requestShellModal, useSession } from '@tessera/kit';
import { NAMESPACE } from './translations';

/**
 * A money page, for real members only (SPEC §5): a restricted account gets the shell's
 * in_need_true_account warning and the page stays closed.
 */
export function realMemberPage(Page: ComponentType, pageKey: string): ComponentType {
  function RealMemberPage() {
    const { t } = useTranslation(NAMESPACE);
    const real = isRealMember(useSession());
    useEffect(() => {
      if (!real) requestShellModal('restrictedAccount');
    }, [real]);
    if (real) return <Page />;
    return (
      <section className="restricted-page" data-page={pageKey} data-restricted>
        <h2>{t(pageKey)}</h2>
        <p>{t('restricted_note')}</p>
      </section>
    );
  }
  RealMemberPage.displayName = `RealMemberPage(${pageKey})`;
  return RealMemberPage;
}
