import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { Route } from 'react-router-dom';
import { fakeApi } from '../../test/fakeApi';
import { renderPage } from '../../test/renderPage';
import { staffSession } from '../../test/sessions';
import { remember } from '../session';
import { CustomerServiceCreate, CustomerServiceEdit } from './CustomerServicePages';
import { HelpArticleCreate } from './HelpArticlePages';

const LIVE_CHAT = { key: 'cs1', source: 'backoffice', type: '3', url: 'https://chat.example/demo', titles: { en: 'Live chat' }, position: 100, updatedBy: 'dana' };
const FOLDER_HOTLINE = { key: 'hotline', source: 'folder', type: 'HOTLINE', url: 'tel:+8801700000000', titles: { en: 'Hotline' }, position: 1, updatedBy: null };

function publisher(routes: Parameters<typeof fakeApi>[0] = {}) {
  remember(staffSession({}, [{ slug: 'demo-bd', name: 'Demo BD', roles: ['content'], permissions: ['content.publish'], languages: ['bn', 'en'], timeZone: 'Asia/Dhaka' }]));
  return fakeApi({
    'GET /bo/api/brands/demo-bd/customer-service': { value: { items: [FOLDER_HOTLINE, LIVE_CHAT], total: 2, page: 1, pageSize: 200 } },
    'POST /bo/api/brands/demo-bd/announcement-preview': ({ body }) => ({
      value: { html: `<p><em>${String((body as { content: string }).content).replaceAll('_', '')}</em></p>` },
    }),
    ...routes,
  });
}

function shownPanel() {
  return screen.getAllByRole('tabpanel').find((panel) => !panel.hidden)!;
}

// A whole react-admin form in jsdom takes long on a busy two-core machine.
describe('the help centre', { timeout: 90000 }, () => {
  it("writes an article per language with the members' preview, sent as the contract's body", async () => {
    const user = userEvent.setup();
    const sent = publisher({
      'POST /bo/api/brands/demo-bd/help-articles': ({ body }) => ({ value: { ...(body as object), key: 'h1', source: 'backoffice', updatedBy: 'dana' } }),
    });
    renderPage(<HelpArticleCreate />, {
      resource: 'help-articles',
      path: '/help-articles/create',
      route: '/help-articles/create',
      routes: <Route path="/help-articles" element={<p>The help centre</p>} />,
    });
    await user.click(await screen.findByRole('tab', { name: 'en' }, { timeout: 20000 }));
    await user.click(within(shownPanel()).getByLabelText('Title'));
    await user.paste('How to deposit');
    await user.click(within(shownPanel()).getByLabelText('Content (Markdown)'));
    await user.paste('_Choose a channel_');
    const preview = within(shownPanel()).getByRole('region', { name: 'What members see' });
    await waitFor(() => expect(preview.innerHTML).toContain('<p><em>Choose a channel</em></p>'));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The help centre')).toBeTruthy();
    const created = sent.find((call) => call.method === 'POST' && call.path === '/bo/api/brands/demo-bd/help-articles')!;
    expect(created.body).toEqual({ texts: { en: { title: 'How to deposit', content: '_Choose a channel_' } }, position: 100 });
  });

  it('changes a staff customer-service entry, found in the brand list', async () => {
    const user = userEvent.setup();
    const sent = publisher({
      'PUT /bo/api/brands/demo-bd/customer-service/cs1': ({ body }) => ({ value: { ...LIVE_CHAT, ...(body as object) } }),
    });
    renderPage(<CustomerServiceEdit />, {
      resource: 'customer-service',
      path: '/customer-service/cs1',
      route: '/customer-service/:id',
      routes: <Route path="/customer-service" element={<p>The entries</p>} />,
    });
    const address = (await screen.findByLabelText(/^Address/, {}, { timeout: 20000 })) as HTMLInputElement;
    expect(address.value).toBe('https://chat.example/demo');
    await user.clear(address);
    await user.paste('chat.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Start with https:\/\//)).toBeTruthy(); // the contract's pattern, checked here
    await user.clear(address);
    await user.paste('https://t.me/demo');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The entries')).toBeTruthy();
    expect(sent.find((call) => call.method === 'PUT')!.body).toEqual({ type: '3', url: 'https://t.me/demo', titles: { en: 'Live chat' }, position: 100 });
  });

  it("shows the API's refusal of a new entry", async () => {
    const user = userEvent.setup();
    const sent = publisher({
      'POST /bo/api/brands/demo-bd/customer-service': { status: 400, code: 'content_language_unknown', message: 'The brand does not offer this language.' },
    });
    renderPage(
      <>
        <CustomerServiceCreate />
        <Notification />
      </>,
      { resource: 'customer-service', path: '/customer-service/create', route: '/customer-service/create' },
    );
    await user.click(await screen.findByLabelText(/^Kind/, {}, { timeout: 20000 }));
    await user.paste('TELEGRAM');
    await user.click(screen.getByLabelText(/^Address/));
    await user.paste('https://t.me/demo');
    await user.click(screen.getByRole('tab', { name: 'bn' }));
    await user.click(within(shownPanel()).getByLabelText('Title'));
    await user.paste('টেলিগ্রাম');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The brand does not offer this language.')).toBeTruthy();
    expect(sent.find((call) => call.method === 'POST')!.body).toEqual({ type: 'TELEGRAM', url: 'https://t.me/demo', titles: { bn: 'টেলিগ্রাম' }, position: 100 });
  });
});
