import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAgent, offered, useSession } from '@tessera/kit';
import { useFlag } from '../data/status';
import { useLoginGuard } from '../modals/loginGuard';
import { useOpenCentre } from './openCentre';
import { AgentIcon, CrownIcon, GiftIcon, PhoneIcon } from './icons';
import { memberHasVip } from './vip';

/** The header's shortcuts: agent (agents only), invite friends (referral on), VIP and app download. */
export function HeaderBoxes() {
  const { t } = useTranslation('frame');
  const session = useSession();
  const referral = useFlag('REFERRAL3') && offered('referral');
  const openCentre = useOpenCentre();
  const guard = useLoginGuard();
  const navigate = useNavigate();
  return (
    <ul className="header-boxes">
      {isAgent(session) && offered('agentCentre') && (
        <li>
          <button type="button" className="header-box header__agent-centre" data-box="agent" onClick={() => openCentre('agentCentre')}>
            <AgentIcon />
            {t('box.agent')}
          </button>
        </li>
      )}
      {referral && (
        <li>
          <button type="button" className="header-box" data-box="invite" onClick={() => guard(() => openCentre('memberCentre', 'referral'))}>
            <GiftIcon />
            {t('box.invite')}
          </button>
        </li>
      )}
      {offered('vip') && (!session || memberHasVip(session)) && (
        <li>
          <button type="button" className="header-box" data-box="vip" onClick={() => guard(() => navigate('/vip'))}>
            <CrownIcon />
            {t('box.vip')}
          </button>
        </li>
      )}
      <li>
        <Link to="/down" className="header-box" data-box="download">
          <PhoneIcon />
          {t('box.download')}
        </Link>
      </li>
    </ul>
  );
}
