import { Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { deferred } from '../deferred';
import { useInRouterContext } from 'react-router';
import { onShellModalRequest } from '@tessera/kit';
import { AnnouncementAutoOpen } from './AnnouncementAutoOpen';
import { ModalContext, type ModalRequest, type Modals } from './modalContext';
import { ResetLinkOpener } from './resetLink';
import './modals.css';

// Each modal's code comes when it first opens: none of it is part of the page's first load.
const AnnouncementPopup = deferred(() => import('./AnnouncementPopup').then((m) => m.AnnouncementPopup));
const ChangePasswordModal = deferred(() => import('./ChangePasswordModal').then((m) => m.ChangePasswordModal));
const DepositDialog = deferred(() => import('./DepositDialog').then((m) => m.DepositDialog));
const FeedbackModal = deferred(() => import('./FeedbackModal').then((m) => m.FeedbackModal));
const ForgotPasswordModal = deferred(() => import('./ForgotPasswordModal').then((m) => m.ForgotPasswordModal));
const HelpCentreModal = deferred(() => import('./HelpCentreModal').then((m) => m.HelpCentreModal));
const LoginModal = deferred(() => import('./LoginModal').then((m) => m.LoginModal));
const LogoutConfirm = deferred(() => import('./LogoutConfirm').then((m) => m.LogoutConfirm));
const NoticeModal = deferred(() => import('./NoticeModal').then((m) => m.NoticeModal));
const RegisterModal = deferred(() => import('./RegisterModal').then((m) => m.RegisterModal));
const RestrictedWarning = deferred(() => import('./RestrictedWarning').then((m) => m.RestrictedWarning));
const SetPasswordModal = deferred(() => import('./SetPasswordModal').then((m) => m.SetPasswordModal));

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
      {current && (
        <Suspense fallback={null}>
          <CurrentModal key={current.serial} request={current.request} onClose={modals.close} />
        </Suspense>
      )}
    </ModalContext.Provider>
  );
}
