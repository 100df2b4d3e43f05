import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, test } from 'vitest';
import { FormError, TextField } from './fields';

function Field({ error, hint }: { error?: string | string[]; hint?: string }) {
  const [value, setValue] = useState('');
  return <TextField name="username" label="Username" required hint={hint} value={value} onChange={setValue} error={error} />;
}

const describedBy = (input: HTMLElement) => (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

describe('text field', () => {
  test('is labelled, marked required, and names its first error', () => {
    render(<Field error={['Too short', 'Wrong letters']} />);
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.hasAttribute('required')).toBe(true);
    expect(document.querySelector('.field__required')?.textContent).toBe('*');
    expect(document.querySelector('.field__required')?.getAttribute('title')).toBe('required');
    expect(describedBy(input)).toEqual(['Too short']);
    expect(document.querySelector('[data-field="username"] [data-field-error="username"]')?.textContent).toBe('Too short');
    expect(screen.queryByText('Wrong letters')).toBeNull();
  });

  test('without an error it is neither invalid nor described', () => {
    render(<Field />);
    const input = screen.getByRole('textbox', { name: 'Username' });
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(input).toHaveProperty('value', 'abc');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  test('a hint is said under the input, before the error', () => {
    render(<Field hint="Letters and digits" error="Too short" />);
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(describedBy(input)).toEqual(['Letters and digits', 'Too short']);
    expect(document.querySelector('.field__hint')?.textContent).toBe('Letters and digits');
  });

  test("the required mark is named in the page's language", async () => {
    await i18next.changeLanguage('bn');
    render(<Field />);
    expect(document.querySelector('.field__required')?.getAttribute('title')).toBe('আবশ্যক');
  });
});

describe('form error', () => {
  test('is announced when there is one, and absent otherwise', () => {
    const { rerender } = render(<FormError message={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<FormError message="Network link abnormal" />);
    expect(screen.getByRole('alert').getAttribute('data-field-error')).toBe('form');
  });
});
