// What the help centre's forms send: the contract's bodies (HelpArticleForm,
// StaffCustomerServiceForm), with only the languages written in.
import { announcementBody } from '../content/body';

type Values = Record<string, unknown>;

function position(value: unknown): number {
  return value === undefined || value === null || value === '' ? 100 : Number(value);
}

export function helpArticleBody(values: Values) {
  // An article's texts are an announcement's: a title and Markdown per language.
  return { texts: announcementBody(values).texts, position: position(values.position) };
}

export function customerServiceBody(values: Values) {
  const titles: Record<string, string> = {};
  for (const [language, title] of Object.entries((values.titles ?? {}) as Record<string, unknown>)) {
    if (typeof title === 'string' && title.trim()) titles[language] = title.trim();
  }
  return {
    type: String(values.type ?? '').trim(),
    url: String(values.url ?? '').trim(),
    titles,
    position: position(values.position),
  };
}
