import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useInRouterContext } from 'react-router';
import type { Notice } from '../data/content';
import { AnnouncementAutoOpen } from './AnnouncementAutoOpen';
import { AnnouncementPopup } from './AnnouncementPopup';
import { FeedbackModal } from './FeedbackModal';
import { HelpCentreModal } from './HelpCentreModal';
import { LoginModal } from './LoginModal';
import { LogoutConfirm } from './LogoutConfirm';
import { NoticeModal } from './NoticeModal';
import './modals.css';

/** What the frame can ask the modal layer to show. */
export type ModalRequest =
  | { kind: 'notice'; notice: Notice }
  | { kind: 'announcements' }
  | { kind: 'feedback' }
  | { kind: 'help'; section?: string }
  | { kind: 'login' }
  | { kind: 'logout' };

export interface Modals {
  open(request: ModalRequest): void;
  close(): void;
}

const ModalContext = createContext<Modals>({ open: () => undefined, close: () => undefined });

export function useModals(): Modals {
  return useContext(ModalContext);
}

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
      {current && <CurrentModal key={current.serial} request={current.request} onClose={modals.close} />}
    </ModalContext.Provider>
  );
}
