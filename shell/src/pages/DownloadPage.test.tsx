import { beforeAll, describe, expect, test, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInShell } from '../../test/render';
import { TEST_BOOTSTRAP } from '../../test/fixtures';
import { listenForInstallOffer } from '../webapp/installPrompt';
import { DownloadPage } from './DownloadPage';
import { BootstrapContext } from '../brand';

const ADDRESS = 'https://play.demo-test.example';

function renderPage() {
  return renderInShell(
    <BootstrapContext.Provider value={{ ...TEST_BOOTSTRAP, publicUrl: ADDRESS }}>
      <DownloadPage />
    </BootstrapContext.Provider>,
    { path: '/down' },
  );
}

function guides(): string[] {
  return screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent ?? '');
}

beforeAll(() => listenForInstallOffer(window));

describe('app download page', () => {
  test("shows both install guides with the brand's address, and its QR code", async () => {
    renderPage();
    expect(guides()).toEqual(['Android (Chrome)', 'iPhone and iPad (Safari)']);
    const ios = screen.getByRole('region', { name: 'iPhone and iPad (Safari)' });
    expect(within(ios).getAllByRole('listitem').map((step) => step.textContent)).toEqual([
      `Open ${ADDRESS} in Safari.`,
      'Tap the Share button (a square with an arrow pointing up).',
      'Scroll down and tap "Add to Home Screen".',
      'Tap "Add" at the top right.',
    ]);
    const qr = await screen.findByRole('img', { name: `QR code of ${ADDRESS}` });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(qr.dataset.address).toBe(ADDRESS);
    expect(screen.getByRole('link', { name: ADDRESS }).getAttribute('href')).toBe(ADDRESS);
  });

  test("an iPhone's visitor sees the Safari guide first", () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1');
    renderPage();
    expect(guides()).toEqual(['iPhone and iPad (Safari)', 'Android (Chrome)']);
  });

  test("Chrome's install offer becomes a button that opens its dialog", async () => {
    renderPage();
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();
    const prompt = vi.fn(async () => undefined);
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.dispatchEvent(offer);
    });
    expect(offer.defaultPrevented).toBe(true); // not the browser's own bar
    await userEvent.click(screen.getByRole('button', { name: 'Install the app' }));
    expect(prompt).toHaveBeenCalledOnce();
    expect((await screen.findByRole('status')).textContent).toBe('The app is installed: open it from your home screen.');
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();
  });
});
