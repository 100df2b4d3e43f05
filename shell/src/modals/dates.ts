/** A server date (ISO 8601) in the page's language; the text as sent when it is not a date. */
export function formatDate(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
  } catch {
    return date.toLocaleDateString();
  }
}
