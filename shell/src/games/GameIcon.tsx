import { useEffect, useRef, useState } from 'react';
import { LAZY_IMAGE, rememberLoaded, wasLoaded, whenNearViewport } from './lazyImages';

/** The default game icon, shown for a game without an icon or whose icon failed (SPEC §8). */
export function DefaultGameIcon() {
  return (
    <svg className="game-icon game-icon--default" viewBox="0 0 64 64" width="160" height="160" aria-hidden="true" focusable="false" data-default-icon="">
      <rect width="64" height="64" rx="10" fill="var(--panel)" />
      <rect x="10" y="22" width="44" height="24" rx="12" fill="none" stroke="var(--muted)" strokeWidth="3" />
      <path d="M22 28v12M16 34h12" stroke="var(--muted)" strokeWidth="3" strokeLinecap="round" />
      <circle cx="41" cy="31" r="2.5" fill="var(--muted)" />
      <circle cx="46" cy="37" r="2.5" fill="var(--muted)" />
    </svg>
  );
}

/**
 * A game's icon, loaded lazily (see lazyImages); the name beside it says what it shows, so the
 * image itself is decorative.
 */
export function GameIcon({ src }: { src: string | null }) {
  const [visible, setVisible] = useState(() => src !== null && wasLoaded(src));
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const holder = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (visible || !src || !holder.current) return undefined;
    return whenNearViewport(holder.current, () => setVisible(true));
  }, [src, visible]);

  if (!src || failed) return <DefaultGameIcon />;
  if (!visible) return <span ref={holder} className="game-icon game-icon--waiting" data-icon-waiting="" />;
  return (
    <img
      // A new element asks for the image again: the one retry of SPEC §9.
      key={attempt}
      className="game-icon"
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      width={160}
      height={160}
      onLoad={() => rememberLoaded(src)}
      onError={() => (attempt < LAZY_IMAGE.attempts ? setAttempt(attempt + 1) : setFailed(true))}
    />
  );
}
