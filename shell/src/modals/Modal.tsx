import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

// Page scrolling stays locked while any modal (or centre overlay) is open; the first to open saves
// the page's own overflow and the last to close puts it back, whatever order they close in.
let openCount = 0;
let pageOverflow = '';

/** Lock the page's scrolling until the returned function is called. */
export function lockPageScroll(): () => void {
  if (openCount === 0) {
    pageOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  openCount += 1;
  return () => {
    openCount -= 1;
    if (openCount === 0) document.body.style.overflow = pageOverflow;
  };
}

function focusables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => !element.closest('[hidden]'));
}

interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Names the modal for styles and browser tests (data-modal). */
  kind: string;
  className?: string;
  /** False for a step that must be completed (a forced password change): no close button, no Escape. */
  dismissible?: boolean;
}

/**
 * A dialog above the page (SPEC §2): page scrolling locked, closed by its button or Escape but not
 * by a click outside, focus kept inside while open and given back to what had it before.
 * An element marked data-autofocus takes the focus on opening; otherwise the dialog itself does.
 */
export function Modal({ title, onClose, children, footer, kind, className, dismissible = true }: ModalProps) {
  const { t } = useTranslation('modals');
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => lockPageScroll(), []);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = dialog.current;
    (element?.querySelector<HTMLElement>('[data-autofocus]') ?? element)?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (dismissible) onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = focusables(dialog.current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      className="modal-backdrop"
      // A press on the backdrop would move focus out of the dialog; it neither closes nor blurs.
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) event.preventDefault();
      }}
    >
      <div
        ref={dialog}
        className={className ? `modal ${className}` : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-modal={kind}
        onKeyDown={onKeyDown}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {dismissible && (
            <button type="button" className="modal__close" onClick={onClose}>
              {t('close')}
            </button>
          )}
        </div>
        <div className="modal__body">{children}</div>
        {footer && <div className="modal__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
