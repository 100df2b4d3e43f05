import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInShell, serve } from '../../test/render';
import { useModals } from './modalContext';

const FEEDBACK_PATH = '/wps/feedback';

function OpenFeedback() {
  const { open } = useModals();
  return (
    <button type="button" onClick={() => open({ kind: 'feedback' })}>
      feedback
    </button>
  );
}

function image(name: string, type = 'image/png', size = 1024): File {
  return new File([new Uint8Array(size)], name, { type });
}

async function openFeedback() {
  // The file input accepts only PNG and JPEG, but a browser lets a player pick any file.
  const user = userEvent.setup({ applyAccept: false });
  renderInShell(<OpenFeedback />, { path: '/vip' });
  await user.click(screen.getByRole('button', { name: 'feedback' }));
  const dialog = screen.getByRole('dialog', { name: 'Feedback and complaints' });
  return {
    user,
    dialog,
    content: within(dialog).getByRole('textbox', { name: 'Your feedback' }),
    contact: within(dialog).getByRole('textbox', { name: 'Contact (optional)' }),
    images: within(dialog).getByLabelText('Images (optional)') as HTMLInputElement,
    send: within(dialog).getByRole('button', { name: 'Send' }),
  };
}

/** The text of the elements that describe ``field`` (aria-describedby). */
function description(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');
}

describe('feedback modal', () => {
  test('counts characters as they are typed', async () => {
    serve({});
    const { user, content, dialog } = await openFeedback();
    expect(document.activeElement).toBe(content);
    await user.type(content, 'Hello');
    expect(within(dialog).getByText('5 / 140 characters')).toBeTruthy();
  });

  test('refuses more than 140 characters before sending', async () => {
    const calls = serve({ [FEEDBACK_PATH]: { id: 1 } });
    const { user, content, send, dialog } = await openFeedback();
    await user.click(content);
    await user.paste('x'.repeat(141));
    expect(within(dialog).getByText('141 / 140 characters')).toBeTruthy();
    await user.click(send);
    expect(content.getAttribute('aria-invalid')).toBe('true');
    expect(description(content)).toContain('Feedback can be at most 140 characters.');
    expect(calls.filter((call) => call.url.pathname === FEEDBACK_PATH)).toHaveLength(0);
  });

  test('asks for the feedback when it is empty', async () => {
    const calls = serve({ [FEEDBACK_PATH]: { id: 1 } });
    const { user, content, send } = await openFeedback();
    await user.type(content, '   ');
    await user.click(send);
    expect(description(content)).toContain('Please write your feedback.');
    expect(document.activeElement).toBe(content);
    expect(calls).toHaveLength(0);
  });

  test('keeps at most 3 images', async () => {
    serve({});
    const { user, images, dialog } = await openFeedback();
    await user.upload(images, [image('a.png'), image('b.jpg', 'image/jpeg'), image('c.png'), image('d.png')]);
    expect(description(images)).toContain('You can attach at most 3 images.');
    expect(within(dialog).getAllByRole('button', { name: /^Remove / })).toHaveLength(3);
    expect(within(dialog).queryByText('d.png')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Remove b.jpg' }));
    expect(within(dialog).getAllByRole('button', { name: /^Remove / })).toHaveLength(2);
    expect(images.getAttribute('aria-invalid')).toBeNull();
  });

  test('refuses a GIF', async () => {
    serve({});
    const { user, images, dialog } = await openFeedback();
    await user.upload(images, image('cat.gif', 'image/gif'));
    expect(images.getAttribute('aria-invalid')).toBe('true');
    expect(description(images)).toContain('cat.gif is not a PNG or JPG image.');
    expect(within(dialog).queryByRole('button', { name: /^Remove / })).toBeNull();
  });

  test('refuses an image over 5 MB', async () => {
    serve({});
    const { user, images, dialog } = await openFeedback();
    await user.upload(images, image('big.png', 'image/png', 6 * 1024 * 1024));
    expect(description(images)).toContain('big.png is larger than 5 MB.');
    expect(within(dialog).queryByRole('button', { name: /^Remove / })).toBeNull();
  });

  test('sends content, contact and images as multipart with PUT, then thanks', async () => {
    const calls = serve({ [FEEDBACK_PATH]: { id: 7 } });
    const { user, content, contact, images, send, dialog } = await openFeedback();
    await user.type(content, '  The deposit page is slow ');
    await user.type(contact, 'me@example.com');
    await user.upload(images, [image('one.png'), image('two.jpg', 'image/jpeg')]);
    await user.click(send);
    const thanks = await within(dialog).findByRole('status');
    expect(within(thanks).getByText('Thank you')).toBeTruthy();
    expect(document.activeElement).toBe(within(thanks).getByRole('button', { name: 'Close' }));
    const [call] = calls.filter((entry) => entry.url.pathname === FEEDBACK_PATH);
    expect(call.init?.method).toBe('PUT');
    const body = call.init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('content')).toBe('The deposit page is slow');
    expect(body.get('contact')).toBe('me@example.com');
    expect((body.getAll('images') as File[]).map((file) => file.name)).toEqual(['one.png', 'two.jpg']);
    expect(new Headers(call.init?.headers).has('Content-Type')).toBe(false);
  });

  test('leaves out an empty contact', async () => {
    const calls = serve({ [FEEDBACK_PATH]: { id: 8 } });
    const { user, content, send, dialog } = await openFeedback();
    await user.type(content, 'Hi');
    await user.click(send);
    await within(dialog).findByRole('status');
    const body = calls[0].init?.body as FormData;
    expect(body.has('contact')).toBe(false);
    expect(body.getAll('images')).toEqual([]);
  });

  test("shows the server's message when it refuses", async () => {
    const refusal = { success: false, code: 'too_many_requests', message: 'Too many requests. Please wait and try again.', value: null };
    serve({ [FEEDBACK_PATH]: () => new Response(JSON.stringify(refusal), { status: 429 }) });
    const { user, content, send, dialog } = await openFeedback();
    await user.type(content, 'Hi');
    await user.click(send);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Too many requests. Please wait and try again.');
    expect(within(dialog).queryByRole('status')).toBeNull();
    expect(send).toHaveProperty('disabled', false);
  });

  test("puts the server's refusal of an image under the images", async () => {
    const refusal = { success: false, code: 'feedback_image_type', message: 'one.png is not a PNG or JPG image.', value: null };
    serve({ [FEEDBACK_PATH]: () => new Response(JSON.stringify(refusal), { status: 400 }) });
    const { user, content, images, send } = await openFeedback();
    await user.type(content, 'Hi');
    await user.upload(images, image('one.png'));
    await user.click(send);
    await waitFor(() => expect(description(images)).toContain('one.png is not a PNG or JPG image.'));
  });
});
