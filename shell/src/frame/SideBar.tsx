import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { offered } from '@tessera/kit';
import { useResource, useSystemStatus } from '../data/status';
import { openCustomerService } from '../modals/customerService';
import { useModals } from '../modals/modalContext';
import { PopupBlocked } from '../modals/PopupBlocked';
import { AgentIcon, ChatIcon, FeedbackIcon, TagIcon } from './icons';
import { HotlineEntry, hotlineNumber } from './HotlineEntry';

/** Customer service (live chat, Facebook, Telegram, hotline), promotions, feedback and agent. */
export function SideBar() {
  const { t } = useTranslation('frame');
  const entries = useSystemStatus().data?.customerService ?? [];
  const agent = useResource('AGENT') && offered('agentSite');
  const modals = useModals();
  const [blocked, setBlocked] = useState(false);
  return (
    <aside className="side-bar" aria-label={t('side.label')}>
      <ul className="side-bar__list">
        {[...entries]
          .sort((a, b) => a.csPosition - b.csPosition)
          .map((entry) => (
            <li key={`${entry.csType}-${entry.csPosition}`}>
              {hotlineNumber(entry.path) !== null ? (
                <HotlineEntry entry={entry} />
              ) : (
              <button
                type="button"
                className="side-bar__item"
                data-side="customer-service"
                data-cs-type={entry.csType}
                onClick={() => setBlocked(!openCustomerService(entry))}
              >
                <ChatIcon />
                {entry.title}
              </button>
              )}
            </li>
          ))}
        {offered('promotions') && (
          <li>
            <Link to="/promotions" className="side-bar__item" data-side="promotions">
              <TagIcon />
              {t('side.promotions')}
            </Link>
          </li>
        )}
        <li>
          <button type="button" className="side-bar__item" data-side="feedback" onClick={() => modals.open({ kind: 'feedback' })}>
            <FeedbackIcon />
            {t('side.feedback')}
          </button>
        </li>
        {agent && (
          <li>
            <Link to="/agent" className="side-bar__item" data-side="agent">
              <AgentIcon />
              {t('side.agent')}
            </Link>
          </li>
        )}
      </ul>
      {blocked && <PopupBlocked />}
    </aside>
  );
}
