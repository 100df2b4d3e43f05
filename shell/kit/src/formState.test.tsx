import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { FormError, TextField } from './fields';
import { useForm } from './formState';

const INITIAL = { name: '', code: '' };

/** A form that asks for both fields, and refuses a chosen file as it is picked. */
function Form() {
  const { form, values, errors, show, setError, reset, bind } = useForm(INITIAL);
  return (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        show({ ...(values.name ? {} : { name: 'Required' }), ...(values.code ? {} : { code: 'Required' }), form: 'Not sent' });
      }}
    >
      <TextField name="name" label="Name" {...bind('name')} />
      <TextField name="code" label="Code" {...bind('code')} />
      <FormError message={errors.form} />
      <p data-file-error="">{errors.file}</p>
      <button type="button" onClick={() => setError('file', 'Too large')}>bad file</button>
      <button type="button" onClick={() => setError('file', null)}>good file</button>
      <button type="button" onClick={reset}>again</button>
      <button type="submit">send</button>
    </form>
  );
}

const input = (name: string) => screen.getByRole('textbox', { name });

describe('useForm', () => {
  test('an attempt shows the errors and focuses the first invalid field; editing forgets its error and the form’s', () => {
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: 'send' }));
    expect(document.activeElement).toBe(input('Name'));
    expect(screen.getByRole('alert').textContent).toBe('Not sent');
    fireEvent.change(input('Name'), { target: { value: 'Ann' } });
    expect(input('Name').hasAttribute('aria-invalid')).toBe(false);
    expect(input('Code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('one error set or forgotten at once; reset gives the first values without errors', () => {
    render(<Form />);
    const fileError = () => document.querySelector('[data-file-error]')?.textContent;
    fireEvent.click(screen.getByRole('button', { name: 'bad file' }));
    expect(fileError()).toBe('Too large');
    fireEvent.click(screen.getByRole('button', { name: 'good file' }));
    expect(fileError()).toBe('');
    fireEvent.change(input('Code'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'send' }));
    fireEvent.click(screen.getByRole('button', { name: 'again' }));
    expect(input('Code')).toHaveProperty('value', '');
    expect(input('Name').hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
