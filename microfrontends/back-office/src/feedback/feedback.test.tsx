import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { fakeApi } from '../../test/fakeApi';
import { renderPage } from '../../test/renderPage';
import { staffSession } from '../../test/sessions';
import { remember } from '../session';
import { FeedbackList } from './FeedbackList';
import { FeedbackShow } from './FeedbackShow';

const SUMMARY = {
  id: 12,
  type: 'complaint',
  status: 'open',
  content: 'My deposit of 500 has not arrived.',
  contact: 'ann@example.com',
  memberId: 5,
  username: 'ann',
  language: 'en',
  ip: '203.0.113.9',
  imageCount: 1,
  createdAt: '2026-11-27T09:00:00Z',
};
const FEEDBACK = {
  ...SUMMARY,
  images: [{ index: 0, url: '/bo/api/brands/demo-bd/feedback/12/images/0', contentType: 'image/png' }],
  replies: [{ content: 'We are looking into it.', createdAt: '2026-11-27T09:30:00Z' }],
};

function desk() {
  remember(staffSession({}, [{ slug: 'demo-bd', name: 'Demo BD', roles: ['desk'], permissions: ['feedback.reply'], languages: ['bn', 'en'], timeZone: 'Asia/Dhaka' }]));
}

function renderFeedback() {
  renderPage(
    <>
      <FeedbackShow />
      <Notification />
    </>,
    { resource: 'feedback', path: '/feedback/12/show', route: '/feedback/:id/show' },
  );
}

// react-admin's whole pages in jsdom: slow to draw on a busy two-core machine.
describe('feedback and complaints', { timeout: 90000 }, () => {
  it('list the open ones first', async () => {
    desk();
    const sent = fakeApi({ 'GET /bo/api/brands/demo-bd/feedback': { value: { items: [SUMMARY], total: 1, page: 1, pageSize: 50 } } });
    renderPage(<FeedbackList />, { resource: 'feedback', path: '/feedback', route: '/feedback' });
    expect(await screen.findByText('My deposit of 500 has not arrived.', {}, { timeout: 20000 })).toBeTruthy();
    expect(screen.getAllByText('Complaint').length).toBeGreaterThan(0);
    expect(sent[0].query.get('status')).toBe('open');
  });

  it("show the member's text, images and the replies, and take a reply and a status", async () => {
    desk();
    const user = userEvent.setup();
    let current = FEEDBACK;
    const sent = fakeApi({
      'GET /bo/api/brands/demo-bd/feedback/12': () => ({ value: current }),
      'POST /bo/api/brands/demo-bd/feedback/12/replies': ({ body }) => {
        const reply = { content: (body as { content: string }).content, createdAt: '2026-11-27T10:00:00Z' };
        current = { ...FEEDBACK, status: 'answered', replies: [...FEEDBACK.replies, reply] };
        return { value: current };
      },
      'PUT /bo/api/brands/demo-bd/feedback/12/status': { value: { ...FEEDBACK, status: 'closed' } },
    });
    renderFeedback();
    expect(await screen.findByText('My deposit of 500 has not arrived.', {}, { timeout: 20000 })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Your reply/ }) as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByText('We are looking into it.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ann' }).getAttribute('href')).toBe('/members/5/show');
    const image = screen.getByRole('img', { name: 'Image 1 the member sent' });
    expect(image.getAttribute('src')).toBe('/bo/api/brands/demo-bd/feedback/12/images/0');

    await user.click(screen.getByRole('textbox', { name: /Your reply/ }));
    await user.paste('  It is credited now.  ');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Done.')).toBeTruthy();
    expect(sent.find((call) => call.method === 'POST')!.body).toEqual({ content: 'It is credited now.' });
    expect(await screen.findByText('It is credited now.')).toBeTruthy(); // in the thread
    expect((screen.getByRole('textbox', { name: /Your reply/ }) as HTMLTextAreaElement).value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findAllByText('Done.');
    const status = sent.find((call) => call.method === 'PUT')!;
    expect(status.path).toBe('/bo/api/brands/demo-bd/feedback/12/status');
    expect(status.body).toEqual({ status: 'closed' });
  });

  it("show the API's refusal of a reply", async () => {
    desk();
    const user = userEvent.setup();
    fakeApi({
      'GET /bo/api/brands/demo-bd/feedback/12': { value: FEEDBACK },
      'POST /bo/api/brands/demo-bd/feedback/12/replies': { status: 404, code: 'feedback_not_found', message: 'This feedback is not found.' },
    });
    renderFeedback();
    await user.click(await screen.findByRole('textbox', { name: /Your reply/ }, { timeout: 20000 }));
    await user.paste('Hello');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('This feedback is not found.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Your reply/ }) as HTMLTextAreaElement).value).toBe('Hello'); // kept to send again
  });
});
