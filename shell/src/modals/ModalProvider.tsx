import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useInRouterContext } from 'react-router';
import { onShellModalRequest } from '@tessera/kit';
import { AnnouncementAutoOpen } from './AnnouncementAutoOpen';
import { AnnouncementPopup } from './AnnouncementPopup';
import { ChangePasswordModal } from './ChangePasswordModal';
import { DepositDialog } from './DepositDialog';
import { FeedbackModal } from './FeedbackModal';
import { ForgotPasswordModal } from './ForgotPasswordModal';
import { HelpCentreModal } from './HelpCentreModal';
import { LoginModal } from './LoginModal';
import { LogoutConfirm } from './LogoutConfirm';
import { ModalContext, type ModalRequest, type Modals } from './modalContext';
import { NoticeModal } from './NoticeModal';
import { RegisterModal } from './RegisterModal';
import { RestrictedWarning } from './RestrictedWarning';
import { ResetLinkOpener, SetPasswordModal } from './SetPasswordModal';
import './modals.css';

function CurrentModal({ request, onClose }: { request: ModalRequest; onClose: () => void }) {
  switch (request.kind) {
    case 'notice':
      return <NoticeModal notice={request.notice} onClose={onClose} />;
    case 'announcements':
      return <AnnouncementPopup onClose={onClose} />;
    case 'feedback':
      return <FeedbackModal onClose={onClose} />;
    case 'help':
      return <HelpCentreModal section={request.section} onClose={onClose} />;
    case 'login':
      return <LoginModal onClose={onClose} />;
    case 'logout':
      return <LogoutConfirm onClose={onClose} />;
    case 'register':
      return <RegisterModal referralCode={request.referralCode} onClose={onClose} />;
    case 'deposit':
      return <DepositDialog onClose={onClose} />;
    case 'changePassword':
      return <ChangePasswordModal forced={request.forced} onClose={onClose} />;
    case 'forgotPassword':
      return <ForgotPasswordModal onClose={onClose} />;
    case 'setPassword':
      return <SetPasswordModal resetToken={request.resetToken} onClose={onClose} />;
    case 'restrictedAccount':
      return <RestrictedWarning onClose={onClose} />;
  }
}

/** Holds the open modal, above every route; also opens the announcement popup on the home routes. */
export function ModalProvider({ children }: { children: ReactNode }) {
  // Each request gets its own number so a new request starts a fresh modal, even of the same kind.
  const [current, setCurrent] = useState<{ request: ModalRequest; serial: number } | null>(null);
  const [announcementsDecided, setAnnouncementsDecided] = useState(false);
  const inRouter = useInRouterContext();

  const modals = useMemo<Modals>(
    () => ({
      open: (request) => setCurrent((previous) => ({ request, serial: (previous?.serial ?? 0) + 1 })),
      close: () => setCurrent(null),
    }),
    [],
  );

  // Remotes ask for the shell's modals through the kit: they cannot reach this context.
  useEffect(() => onShellModalRequest((kind) => modals.open({ kind })), [modals]);

  const decideAnnouncements = useCallback(
    (open: boolean) => {
      setAnnouncementsDecided(true);
      if (open) setCurrent((previous) => previous ?? { request: { kind: 'announcements' }, serial: 1 });
    },
    [],
  );

  return (
    <ModalContext.Provider value={modals}>
      {children}
      {inRouter && !announcementsDecided && <AnnouncementAutoOpen onDecide={decideAnnouncements} />}
      {inRouter && <ResetLinkOpener />}
      {current && <CurrentModal key={current.serial} request={current.request} onClose={modals.close} />}
    </ModalContext.Provider>
  );
}
