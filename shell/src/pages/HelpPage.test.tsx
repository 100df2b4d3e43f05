import { describe, expect, test } from 'vitest';
import i18next from 'i18next';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInShell, serve } from '../../test/render';
import { HelpCentrePage } from './HelpCentrePage';
import { HelpPage } from './HelpPage';

const HELP_PATH = '/wps/system/helpCenter';
const HELP = {
  language: 'en',
  sections: [
    { key: 'about', title: 'About us', content: '<p>A demonstration brand.</p>' },
    { key: 'term', title: 'Terms and conditions', content: '<ol><li>You must be <strong>18 years or older</strong>.</li></ol>' },
    { key: 'responsible', title: 'Responsible gaming', content: '<p>Play for fun.</p>' },
  ],
};

function panelOf(toggle: HTMLElement): HTMLElement {
  return document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
}

describe('help page', () => {
  test('shows every section with its HTML', async () => {
    serve({ [HELP_PATH]: HELP });
    renderInShell(<HelpPage />, { path: '/help' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Terms and conditions' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'About us',
      'Terms and conditions',
      'Responsible gaming',
    ]);
    expect(screen.getByText('18 years or older').tagName).toBe('STRONG');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('/help#term opens the help modal at the terms', async () => {
    serve({ [HELP_PATH]: HELP });
    renderInShell(<HelpPage />, { path: '/help#term' });
    const dialog = await screen.findByRole('dialog', { name: 'Help Center' });
    const terms = await within(dialog).findByRole('button', { name: 'Terms and conditions' });
    expect(terms.getAttribute('aria-expanded')).toBe('true');
    expect(panelOf(terms).hidden).toBe(false);
    expect(panelOf(terms).textContent).toContain('18 years or older');
    const about = within(dialog).getByRole('button', { name: 'About us' });
    expect(about.getAttribute('aria-expanded')).toBe('false');
    expect(panelOf(about).hidden).toBe(true);
  });

  test('any section key in the hash opens that section, and closing does not reopen it', async () => {
    const user = userEvent.setup();
    serve({ [HELP_PATH]: HELP });
    const { router } = renderInShell(<HelpPage />, { path: '/help#responsible' });
    const dialog = await screen.findByRole('dialog', { name: 'Help Center' });
    expect(within(dialog).getByRole('button', { name: 'Responsible gaming' }).getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => router.navigate('/help#about'));
    const next = await screen.findByRole('dialog', { name: 'Help Center' });
    expect(within(next).getByRole('button', { name: 'About us' }).getAttribute('aria-expanded')).toBe('true');
  });

  test('a hash that names no section opens nothing', async () => {
    serve({ [HELP_PATH]: HELP });
    renderInShell(<HelpPage />, { path: '/help#nothing' });
    await screen.findByRole('heading', { level: 2, name: 'About us' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('help centre page', () => {
  test("is titled in_help_center in the page's language, with the sections as a list", async () => {
    const user = userEvent.setup();
    serve({ [HELP_PATH]: HELP });
    await act(() => i18next.changeLanguage('bn'));
    renderInShell(<HelpCentrePage />, { path: '/helpmc' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('সহায়তা কেন্দ্র');
    const about = await screen.findByRole('button', { name: 'About us' });
    expect(about.getAttribute('aria-expanded')).toBe('false');
    await user.click(about);
    expect(panelOf(about).hidden).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('says so when the help cannot be loaded', async () => {
    serve({});
    renderInShell(<HelpCentrePage />, { path: '/helpmc' });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This content could not be loaded. Please try again later.'));
  });
});
