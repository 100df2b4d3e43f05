import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './Modal';

function Opener({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open {name}
      </button>
      {open && (
        <Modal title={`title ${name}`} kind="test" onClose={() => setOpen(false)}>
          <input aria-label={`field ${name}`} />
          <a href="#last">last {name}</a>
        </Modal>
      )}
    </>
  );
}

describe('Modal', () => {
  test('is a labelled modal dialog with a close button', async () => {
    const user = userEvent.setup();
    render(<Opener name="a" />);
    await user.click(screen.getByRole('button', { name: 'open a' }));
    const dialog = screen.getByRole('dialog', { name: 'title a' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.classList.contains('modal')).toBe(true);
    expect(dialog.parentElement?.classList.contains('modal-backdrop')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('locks page scrolling while open and restores it on close', async () => {
    const user = userEvent.setup();
    document.body.style.overflow = 'auto';
    render(<Opener name="a" />);
    await user.click(screen.getByRole('button', { name: 'open a' }));
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('auto');
    await user.click(screen.getByRole('button', { name: 'open a' }));
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.body.style.overflow).toBe('auto');
  });

  test('with two open, scrolling comes back only when the last one closes', async () => {
    const user = userEvent.setup();
    document.body.style.overflow = 'scroll';
    render(
      <>
        <Opener name="a" />
        <Opener name="b" />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'open a' }));
    await user.click(screen.getByRole('button', { name: 'open b' }));
    await user.click(screen.getAllByRole('button', { name: 'Close' })[0]);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.body.style.overflow).toBe('scroll');
  });

  test('a click on the backdrop does not close it', async () => {
    const user = userEvent.setup();
    render(<Opener name="a" />);
    await user.click(screen.getByRole('button', { name: 'open a' }));
    await user.click(document.querySelector('.modal-backdrop') as HTMLElement);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  test('Escape closes it', async () => {
    const user = userEvent.setup();
    render(<Opener name="a" />);
    await user.click(screen.getByRole('button', { name: 'open a' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('focus moves into the dialog, stays there on Tab and returns to the opener', async () => {
    const user = userEvent.setup();
    render(<Opener name="a" />);
    const opener = screen.getByRole('button', { name: 'open a' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog');
    expect(document.activeElement).toBe(dialog);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'field a' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'last a' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'last a' }));
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(opener);
  });
});
