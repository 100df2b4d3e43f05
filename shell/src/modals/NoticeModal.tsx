import { useTranslation } from 'react-i18next';
import type { Notice } from '../data/content';
import { formatDate } from './dates';
import { Modal } from './Modal';
import { SafeHtml } from './SafeHtml';

/** One notice: its title, start date and content (SPEC §2 notice modal). */
export function NoticeModal({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  const { t, i18n } = useTranslation('modals');
  return (
    <Modal title={notice.title || t('notice_title')} onClose={onClose} kind="notice" className="notice-modal">
      {notice.startDate && (
        <p className="notice-modal__date">
          <time dateTime={notice.startDate}>{t('notice_published', { date: formatDate(notice.startDate, i18n.language) })}</time>
        </p>
      )}
      <SafeHtml html={notice.content} className="notice-modal__content" />
    </Modal>
  );
}
