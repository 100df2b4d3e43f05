// What the announcement and banner forms send: the contract's bodies (StaffAnnouncementForm,
// StaffBannerForm), with only the languages written in and moments in RFC 3339.
import type { RaRecord } from 'react-admin';

export const ANNOUNCEMENT_TYPES = ['PL', 'PU', 'PR', 'H'] as const;
export const BANNER_GROUPS = [
  'home', 'rng', 'live', 'fish', 'pvp', 'sports', 'esports', 'elott', 'cockfight', 'pointMall', 'w_register', 'agent', 'service',
] as const;

type Values = Record<string, unknown>;

function moment(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  return new Date(value as string).toISOString();
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

export function announcementBody(values: Values) {
  const texts: Record<string, { title: string; content: string }> = {};
  for (const [language, written] of Object.entries((values.texts ?? {}) as Record<string, Values>)) {
    const title = text(written?.title);
    const content = typeof written?.content === 'string' ? written.content : '';
    if (title || content.trim()) texts[language] = { title, content };
  }
  return {
    type: values.type,
    texts,
    startsAt: moment(values.startsAt) ?? new Date().toISOString(),
    endsAt: moment(values.endsAt),
    position: Number(values.position ?? 0),
    promotionType: text(values.promotionType) || null,
  };
}

export function bannerBody(values: Values) {
  const titles: Record<string, string> = {};
  for (const [language, title] of Object.entries((values.titles ?? {}) as Record<string, unknown>)) {
    if (text(title)) titles[language] = text(title);
  }
  return {
    group: values.group,
    image: values.image,
    link: text(values.link) || null,
    titles,
    startsAt: moment(values.startsAt),
    endsAt: moment(values.endsAt),
    position: Number(values.position ?? 0),
  };
}

/** Whether the item comes from the brand's tenant folder (read-only here: changed there). */
export function fromFolder(record: RaRecord | undefined): boolean {
  return record?.source === 'folder';
}

/** Where a list's row opens: the folder's items read-only, the back office's to be changed. */
export function openContent(record: RaRecord): 'show' | 'edit' {
  return fromFolder(record) ? 'show' : 'edit';
}
