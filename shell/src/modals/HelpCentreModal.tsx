import { useTranslation } from 'react-i18next';
import { HelpSectionList } from './HelpSectionList';
import { Modal } from './Modal';

/** The help centre in a modal, opened at ``section`` when one is asked for (SPEC §2). */
export function HelpCentreModal({ section, onClose }: { section?: string; onClose: () => void }) {
  const { t } = useTranslation('modals');
  return (
    <Modal title={t('in_help_center')} onClose={onClose} kind="help" className="help-modal">
      <HelpSectionList initialOpen={section} />
    </Modal>
  );
}
