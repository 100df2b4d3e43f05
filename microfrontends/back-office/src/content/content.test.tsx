import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { fakeApi } from '../../test/fakeApi';
import { renderPage } from '../../test/renderPage';
import { staffSession } from '../../test/sessions';
import { remember } from '../session';
import { AnnouncementCreate, AnnouncementEdit } from './AnnouncementPages';
import { BannerCreate } from './BannerPages';

const FOLDER_NOTICE = {
  key: 'welcome',
  source: 'folder',
  type: 'PL',
  position: 0,
  promotionType: null,
  startsAt: '2026-11-01T00:00:00Z',
  endsAt: null,
  showing: true,
  updatedBy: null,
  texts: {
    en: { title: 'Welcome', content: null, html: '<p>Welcome to the site</p>' },
    bn: { title: 'স্বাগতম', content: null, html: '<p>স্বাগতম</p>' },
  },
};

function publisher(routes: Parameters<typeof fakeApi>[0] = {}) {
  remember(staffSession({}, [{ slug: 'demo-bd', name: 'Demo BD', roles: ['content'], permissions: ['content.publish'], languages: ['bn', 'en'], timeZone: 'Asia/Dhaka' }]));
  return fakeApi({
    'GET /bo/api/brands/demo-bd/announcements': { value: { items: [FOLDER_NOTICE], total: 1, page: 1, pageSize: 200 } },
    'GET /bo/api/brands/demo-bd/banners': { value: { items: [] } },
    'GET /bo/api/brands/demo-bd/images': {
      value: { items: [{ path: 'banners/sale.png', url: '/media/demo-bd/banners/sale.png', width: 1200, height: 400 }] },
    },
    'POST /bo/api/brands/demo-bd/announcement-preview': ({ body }) => ({
      value: { html: `<p><strong>${String((body as { content: string }).content).replaceAll('*', '')}</strong></p>` },
    }),
    ...routes,
  });
}

// A whole react-admin form in jsdom takes long on a busy two-core machine.
const FORM_TIMEOUT_MS = 90000;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('an announcement', () => {
  it("is written per brand language with a live preview, and sent as the contract's body", async () => {
    const sent = publisher({
      'POST /bo/api/brands/demo-bd/announcements': ({ body }) => ({ value: { ...FOLDER_NOTICE, ...(body as object), key: 'a1', source: 'backoffice' } }),
    });
    const user = userEvent.setup();
    renderPage(<AnnouncementCreate />, {
      resource: 'announcements',
      path: '/announcements/create',
      route: '/announcements/create',
      routes: <Route path="/announcements" element={<p>The announcements</p>} />,
    });
    // A tab per language the brand's content is written in.
    expect(await screen.findByRole('tab', { name: 'en' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'bn' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'en' }));
    const english = screen.getAllByRole('tabpanel').find((panel) => !panel.hidden)!;
    await user.click(within(english).getByLabelText('Title'));
    await user.paste('Maintenance');
    await user.click(within(english).getByLabelText('Content (Markdown)'));
    await user.paste('**Tonight**');
    const preview = within(english).getByRole('region', { name: 'What members see' });
    await waitFor(() => expect(preview.innerHTML).toContain('<p><strong>Tonight</strong></p>'));
    expect(sent.filter((call) => call.path.endsWith('/announcement-preview')).at(-1)!.body).toEqual({ content: '**Tonight**' });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The announcements')).toBeTruthy();
    const created = sent.find((call) => call.method === 'POST' && call.path === '/bo/api/brands/demo-bd/announcements')!;
    expect(created.headers['X-CSRF-Token']).toBe('csrf-of-the-session');
    expect(created.body).toEqual({
      type: 'PL',
      texts: { en: { title: 'Maintenance', content: '**Tonight**' } },
      startsAt: expect.stringMatching(ISO_MOMENT),
      endsAt: null,
      position: 0,
      promotionType: null,
    });
  }, FORM_TIMEOUT_MS);

  it("from the tenant folder is shown read-only, with why", async () => {
    const sent = publisher({ 'GET /bo/api/brands/demo-bd/announcements/welcome': { value: FOLDER_NOTICE } });
    renderPage(<AnnouncementEdit />, { resource: 'announcements', path: '/announcements/welcome', route: '/announcements/:id' });
    expect(await screen.findByText(/comes from the brand's tenant folder/)).toBeTruthy();
    expect(screen.getByText('Welcome to the site')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(sent.every((call) => call.method === 'GET')).toBe(true);
  });
});

describe('a banner', () => {
  it("shows an image picked from the brand's images, and is sent as the contract's body", async () => {
    const sent = publisher({
      'POST /bo/api/brands/demo-bd/banners': ({ body }) => ({ value: { ...(body as object), key: 'b1', source: 'backoffice', showing: true, updatedBy: 'dana' } }),
    });
    const user = userEvent.setup();
    renderPage(<BannerCreate />, {
      resource: 'banners',
      path: '/banners/create',
      route: '/banners/create',
      routes: <Route path="/banners" element={<p>The banners</p>} />,
    });
    await user.click(await screen.findByRole('combobox', { name: /^Image/ }, { timeout: 5000 }));
    await user.click(await screen.findByRole('option', { name: /banners\/sale\.png/ }));
    const chosen = await screen.findByRole('img', { name: 'banners/sale.png' });
    expect(chosen.getAttribute('src')).toBe('/media/demo-bd/banners/sale.png');
    await user.click(screen.getByLabelText('Link'));
    await user.paste('/promotions');
    await user.click(screen.getByRole('tab', { name: 'en' }));
    const english = screen.getAllByRole('tabpanel').find((panel) => !panel.hidden)!;
    await user.click(within(english).getByLabelText('Alt text'));
    await user.paste('Big sale');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The banners')).toBeTruthy();
    expect(sent.find((call) => call.method === 'POST')!.body).toEqual({
      group: 'home',
      image: 'banners/sale.png',
      link: '/promotions',
      titles: { en: 'Big sale' },
      startsAt: null,
      endsAt: null,
      position: 0,
    });
  }, FORM_TIMEOUT_MS);
});
