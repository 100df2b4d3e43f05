import { useTranslation } from 'react-i18next';
import { useNotices } from '../data/content';
import { useModals } from '../modals/modalContext';
import { MegaphoneIcon } from './icons';
import { Marquee, NOTICE_MARQUEE } from './Marquee';

/** The player notices scrolling under the home banner; a title opens its notice. */
export function NoticeBar() {
  const { t } = useTranslation('frame');
  const { data, isPending } = useNotices();
  const modals = useModals();
  const notices = data?.player ?? [];
  if (isPending) return <div className="notice-bar notice-bar--reserved" aria-hidden="true" />;
  if (notices.length === 0) return null;
  return (
    <section className="notice-bar" aria-label={t('notices')}>
      <MegaphoneIcon />
      <Marquee pace={NOTICE_MARQUEE} className="notice-bar__marquee">
        <ul className="notice-bar__list">
          {notices.map((notice) => (
            <li key={notice.id}>
              <button type="button" className="notice-bar__title" onClick={() => modals.open({ kind: 'notice', notice })}>
                {notice.title}
              </button>
            </li>
          ))}
        </ul>
      </Marquee>
    </section>
  );
}
