import type { Bootstrap } from '@tessera/kit';
import type { SystemStatus } from '../src/data/status';

export const TEST_BRAND = {
  slug: 'demo-test',
  name: 'Tessera Test',
  theme: 'light' as const,
  defaultLanguage: 'en',
  languages: ['en', 'bn'],
  currency: 'BDT',
  currencySymbol: '৳',
  ownCurrencySymbol: false,
  currencyPlaces: 2,
  moneyStep: '0.01',
  timezone: 'Asia/Dhaka',
};

export const TEST_BOOTSTRAP: Bootstrap = {
  brand: TEST_BRAND,
  remotes: {},
  apiBase: '',
  language: 'en',
  languages: ['en', 'bn', 'fil'],
  publicKey: null,
};

/** A normal status answer; tests override what they are about. */
export function statusOf(overrides: Partial<SystemStatus> = {}): SystemStatus {
  return {
    status: 0,
    maintenance: null,
    location: { ip: '192.0.2.10', region: 'PH' },
    brand: { ...TEST_BRAND, currency: 'PHP', currencySymbol: 'P', ownCurrencySymbol: true, logo: null },
    whitelabel: {},
    resources: [],
    customerService: [],
    analytics: { gtagId: null },
    domainRoute: { domain: 'demo-test.localhost', route: '/', referralCode: null },
    imageCDNs: [],
    launchGameCDNs: [],
    footer: null,
    ...overrides,
  };
}
