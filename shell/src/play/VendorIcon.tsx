import { useState } from 'react';
import { LAZY_IMAGE } from '../games/lazyImages';
import './play.css';

/** Up to two initials of a vendor's name, for a vendor without a usable icon. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words[0][0] + words[1][0] : (words[0] ?? '').slice(0, 2);
  return letters.toUpperCase();
}

/**
 * A vendor's small icon, loaded by the browser only when it is shown (the dropdowns stay hidden
 * until opened), tried once more when it fails (SPEC §9), then its initials, as for a vendor
 * without an icon. The name is beside it, so the icon itself is decoration.
 */
export function VendorIcon({ src, name }: { src: string | null; name: string }) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span className="vendor-card__icon vendor-icon vendor-icon--fallback" aria-hidden="true" data-icon="fallback">
        {initialsOf(name)}
      </span>
    );
  }
  return (
    <img
      // A new element asks for the image again.
      key={attempt}
      className="vendor-card__icon vendor-icon"
      src={src}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      decoding="async"
      onError={() => (attempt < LAZY_IMAGE.attempts ? setAttempt(attempt + 1) : setFailed(src))}
    />
  );
}
