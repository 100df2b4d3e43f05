// Every back-office test starts logged out, with empty storage and a clean DOM.
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { remember } from '../src/session';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  remember(null);
  window.localStorage.clear();
});
