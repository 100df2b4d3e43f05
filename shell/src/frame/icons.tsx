import type { ReactNode } from 'react';

/** Small decorative icons of the frame; the text beside each one names it. */
function Icon({ children, className = 'icon' }: { children: ReactNode; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const STROKE = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export function AvatarIcon() {
  return (
    <svg className="avatar" viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="20" fill="var(--accent)" />
      <circle cx="20" cy="15" r="7" fill="var(--accent-fg)" />
      <path d="M7 33c2.5-6 7.5-9 13-9s10.5 3 13 9" fill="var(--accent-fg)" />
    </svg>
  );
}

export function GlobeIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="9" {...STROKE} />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" {...STROKE} />
    </Icon>
  );
}

export function AgentIcon() {
  return (
    <Icon>
      <rect x="3" y="7" width="18" height="13" rx="2" {...STROKE} />
      <path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2M3 13h18" {...STROKE} />
    </Icon>
  );
}

export function GiftIcon() {
  return (
    <Icon>
      <rect x="3" y="8" width="18" height="4" rx="1" {...STROKE} />
      <path d="M5 12v8h14v-8M12 8v12M12 8S10.5 4 8 4a2 2 0 0 0 0 4M12 8s1.5-4 4-4a2 2 0 0 1 0 4" {...STROKE} />
    </Icon>
  );
}

export function CrownIcon() {
  return (
    <Icon>
      <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5L3 8z" {...STROKE} />
    </Icon>
  );
}

export function PhoneIcon() {
  return (
    <Icon>
      <rect x="6" y="2" width="12" height="20" rx="2" {...STROKE} />
      <path d="M11 18h2" {...STROKE} />
    </Icon>
  );
}

export function MegaphoneIcon() {
  return (
    <Icon>
      <path d="M3 10v4h4l7 5V5L7 10H3zM18 8.5a5 5 0 0 1 0 7" {...STROKE} />
    </Icon>
  );
}

export function ChatIcon() {
  return (
    <Icon>
      <path d="M4 5h16v11H9l-5 4V5z" {...STROKE} />
    </Icon>
  );
}

export function TagIcon() {
  return (
    <Icon>
      <path d="M3 12V4h8l10 10-8 8L3 12z" {...STROKE} />
      <circle cx="7.5" cy="8.5" r="1.5" fill="currentColor" />
    </Icon>
  );
}

export function FeedbackIcon() {
  return (
    <Icon>
      <path d="M4 4h16v12H8l-4 4V4zM8 9h8M8 12h5" {...STROKE} />
    </Icon>
  );
}

export function ChevronIcon() {
  return (
    <Icon className="icon icon--chevron">
      <path d="M6 9l6 6 6-6" {...STROKE} />
    </Icon>
  );
}

const SOCIAL_PATHS: Record<string, ReactNode> = {
  FACEBOOK: <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8z" fill="currentColor" />,
  TELEGRAM: <path d="M21 4L3 11l6 2 2 6 3-4 5 4 2-15zM9 13l9-6" {...STROKE} />,
  INSTAGRAM: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" {...STROKE} />
      <circle cx="12" cy="12" r="4" {...STROKE} />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" />
    </>
  ),
  YOUTUBE: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" {...STROKE} />
      <path d="M10 9l5 3-5 3V9z" fill="currentColor" />
    </>
  ),
  TWITTER: <path d="M4 4l16 16M20 4L4 20" {...STROKE} />,
  WHATSAPP: <path d="M4 20l1.3-4A8 8 0 1 1 8 18.7L4 20zM9 9c0 3 3 6 6 6l1-1.5-2-1-1 .8c-1-.5-1.8-1.3-2.3-2.3l.8-1-1-2L9 9z" {...STROKE} />,
  LINE: <path d="M12 4c5 0 9 3 9 7s-4 7-9 7l-4 3v-3.5C5 16.3 3 14 3 11c0-4 4-7 9-7z" {...STROKE} />,
};

/** The icon of a social resource type (FACEBOOK, TELEGRAM, ...). */
export function SocialIcon({ type }: { type: string }) {
  return <Icon className="icon icon--social">{SOCIAL_PATHS[type]}</Icon>;
}

export function MenuIcon() {
  return (
    <Icon>
      <path d="M4 6h16M4 12h16M4 18h16" {...STROKE} />
    </Icon>
  );
}
