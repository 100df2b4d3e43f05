/**
 * Intl's formatters, each made once for a language and its options: making one costs far more than
 * using it, and the page formats dates and amounts on every draw. A language or option Intl refuses
 * throws each time, as the constructor does.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function kept<T>(cache: Map<string, T>, language: string | undefined, options: object, make: () => T): T {
  const key = `${language ?? ''}\u0000${JSON.stringify(options)}`;
  let found = cache.get(key);
  if (found === undefined) {
    found = make();
    cache.set(key, found);
  }
  return found;
}

export function dateTimeFormat(language: string | undefined, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return kept(dateTimeFormats, language, options, () => new Intl.DateTimeFormat(language, options));
}

export function numberFormat(language: string | undefined, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept(numberFormats, language, options, () => new Intl.NumberFormat(language, options));
}
