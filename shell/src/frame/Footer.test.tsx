import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { FooterContent } from '../data/status';
import { statusOf } from '../../test/fixtures';
import { renderInShell, serve } from '../../test/render';
import { AgentFooter } from './AgentFooter';
import { Footer } from './Footer';
import { laneOf } from './fixtures';

const FOOTER: FooterContent = {
  description: '<p>The best games in town.</p>',
  licences: [{ title: 'Gaming licence', url: '/static/licence.svg', linkUrl: 'https://licence.example/' }],
  protection: [{ title: 'Secure payments', url: '/static/secure.svg' }],
  responsibility: { title: 'Play responsibly', url: '/static/18.svg', linkUrl: '/help' },
};

const HELP = { language: 'en', sections: [{ key: 'term', title: 'Terms', content: '' }, { key: 'privacy', title: 'Privacy', content: '' }] };

function answers() {
  return {
    '/wps/system/status': statusOf({
      footer: FOOTER,
      resources: [
        { resourceType: 'TELEGRAM', url: 'https://t.me/brand', qrCodeUrl: null, title: null },
        { resourceType: 'FACEBOOK', url: 'https://facebook.com/brand', qrCodeUrl: null, title: null },
        { resourceType: 'AGENT', url: 'https://agent.example/', qrCodeUrl: '/static/agent-qr.png', title: null },
        { resourceType: 'IOS', url: '/down', qrCodeUrl: null, title: null },
      ],
    }),
    '/wps/system/helpCenter': HELP,
    '/lgw/games/game_menus': [laneOf('RNG', 2), { ...laneOf('LIVE', 1), cards: [...laneOf('RNG', 1).cards, ...laneOf('LIVE', 1).cards] }],
  };
}

describe('footer', () => {
  test('see more opens the whole description and see less closes it', async () => {
    serve(answers());
    const { container } = renderInShell(<Footer />);
    const toggle = await screen.findByRole('button', { name: 'See more' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(container.querySelector('.see-more')?.classList.contains('is-expanded')).toBe(false);
    expect(screen.getByText('The best games in town.')).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('See less');
    expect(container.querySelector('.see-more')?.classList.contains('is-expanded')).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe('See more');
  });

  test('help links, legal images with their alt text and links, social links in their order', async () => {
    serve(answers());
    const { container } = renderInShell(<Footer />);
    expect((await screen.findByRole('link', { name: 'Terms' })).getAttribute('href')).toBe('/help#term');
    expect(screen.getByRole('link', { name: 'Gaming licence' }).getAttribute('href')).toBe('https://licence.example/');
    expect(screen.getByRole('img', { name: 'Secure payments' }).closest('a')).toBeNull();
    expect(screen.getByRole('link', { name: 'Play responsibly' }).getAttribute('href')).toBe('/help');
    const social = [...container.querySelectorAll<HTMLElement>('[data-social]')].map((link) => link.dataset.social);
    expect(social).toEqual(['FACEBOOK', 'TELEGRAM']);
    expect(screen.getByRole('link', { name: 'Telegram' }).getAttribute('href')).toBe('https://t.me/brand');
  });

  test('the provider marquee lists each vendor of every lane once', async () => {
    serve(answers());
    const { container } = renderInShell(<Footer />);
    await waitFor(() => expect(container.querySelector('.provider-marquee')).not.toBeNull());
    const vendors = [...container.querySelectorAll<HTMLElement>('.provider-marquee [data-vendor]')].map((item) => item.dataset.vendor);
    expect(vendors).toEqual(['RNGV1', 'RNGV2', 'LIVEV1']);
  });

  test('nothing but the copyright while the content is missing', async () => {
    serve({});
    const { container } = renderInShell(<Footer />);
    await waitFor(() => expect(container.querySelector('.footer__copyright')).not.toBeNull());
    expect(container.querySelector('.provider-marquee, .see-more, .footer-legal, .social-links, .footer-help')).toBeNull();
  });

  test('the agent footer has agent resources, help links and the legal row, but no players\u2019 parts', async () => {
    serve(answers());
    const { container } = renderInShell(<AgentFooter />);
    expect((await screen.findByRole('link', { name: 'Agent site' })).getAttribute('href')).toBe('https://agent.example/');
    expect(screen.getByRole('img', { name: 'QR code of the agent site' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Terms' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Gaming licence' })).toBeTruthy();
    expect(container.querySelector('.provider-marquee, .social-links, .see-more')).toBeNull();
  });
});
