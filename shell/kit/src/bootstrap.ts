export interface Brand {
  slug: string;
  name: string;
  theme: 'light' | 'dark';
  defaultLanguage: string;
  languages: string[];
  /** ISO 4217 code of the brand's money, e.g. "BDT", "VND". */
  currency: string;
  /** The brand's own symbol, else the currency's in the brand's default language. */
  currencySymbol: string;
  /** Whether the brand sets its own symbol (shown instead of the page language's). */
  ownCurrencySymbol: boolean;
  /** The currency's decimal places (BDT 2, VND 0). */
  currencyPlaces: number;
  /** The smallest amount the brand moves ("0.01", "1", "1000"); every amount is a multiple of it. */
  moneyStep: string;
  /** The IANA time zone the brand counts its days in (record pages, reports). */
  timezone: string;
  /** Whose zone the member's dates are counted and shown in: the brand's (default) or the member's own. */
  dateZone?: 'brand' | 'member';
  /** The age a member confirms when registering: 18 unless the brand asks for 21. */
  legalAge?: number;
}

export interface Bootstrap {
  brand: Brand;
  remotes: Record<string, string>;
  apiBase: string;
  /** The brand's public address (its tenant.toml public_url), which the app download page's QR code opens. */
  publicUrl?: string;
  /** Language the server rendered the page in, and every code the site can select. */
  language?: string;
  languages?: string[];
  /** Each selectable language's catalogue address (``/locales/<code>.json?v=<version>``). */
  catalogues?: Record<string, string>;
  publicKey: Record<string, unknown> | null;
  /** The answers of the calls every page makes (status, notices), in ``language``. */
  initial?: { status?: unknown; notices?: unknown; gameMenus?: unknown };
}

export const BOOTSTRAP_ELEMENT_ID = 'tessera-bootstrap';

let cached: Bootstrap | null = null;

/** The tenant's bootstrap, rendered into the page by the server. */
export function readBootstrap(doc: Document = document): Bootstrap {
  if (cached) return cached;
  const element = doc.getElementById(BOOTSTRAP_ELEMENT_ID);
  if (!element || !element.textContent) {
    throw new Error('bootstrap_missing');
  }
  cached = JSON.parse(element.textContent) as Bootstrap;
  return cached;
}
