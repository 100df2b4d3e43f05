import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerServiceEntry } from '../data/status';
import { ChatIcon } from './icons';

/** The number a tel: link dials (e.g. "+8809600000000"), or null for any other link. */
export function hotlineNumber(path: string): string | null {
  const link = path.trim();
  if (!/^tel:/i.test(link)) return null;
  let number: string;
  try {
    number = decodeURIComponent(link.slice(4));
  } catch {
    return null;
  }
  return /^\+?[0-9][0-9 ()-]{2,30}$/.test(number) ? number : null;
}

/** How long 'copied' is said after copying the number. */
const COPIED_MS = 2000;

/**
 * A hotline (a tel: customer-service entry): on a phone (a narrow screen or a touch pointer) a
 * link that dials it; on a desktop, which has nothing to dial with, the number itself, selectable
 * and with a button copying it. The stylesheet shows one or the other.
 */
export function HotlineEntry({ entry }: { entry: CustomerServiceEntry }) {
  const { t } = useTranslation('frame');
  const number = hotlineNumber(entry.path) ?? '';
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(number);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, or refused): the number stays shown to copy by hand.
      setCopied(false);
    }
  }

  return (
    <div className="hotline" data-side="hotline" data-cs-type={entry.csType}>
      <a className="side-bar__item hotline__dial" href={`tel:${number.replace(/[ ()-]/g, '')}`} data-hotline-dial>
        <ChatIcon />
        {entry.title}
      </a>
      <div className="side-bar__item hotline__desk" data-hotline-number>
        <ChatIcon />
        <span className="hotline__text">
          <span className="hotline__title">{entry.title}</span>
          <span className="hotline__number">{number}</span>
        </span>
        <button type="button" className="hotline__copy" onClick={() => void copy()} aria-label={t('side.copy_number', { number })}>
          {copied ? t('side.copied') : t('side.copy')}
        </button>
      </div>
    </div>
  );
}
