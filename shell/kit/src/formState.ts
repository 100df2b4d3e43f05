import { useCallback, useEffect, useRef, useState } from 'react';

/** A form's problems: the first message per field, and 'form' for the rest. */
export type FormErrors = Record<string, string>;

/**
 * A form's values and its errors, shown after each attempt with the first invalid field taking
 * the focus. ``bind(name)`` gives a field its value, change handler and error; editing a field
 * forgets its error and the form's.
 */
export function useForm<Values extends Record<string, string>>(initial: Values) {
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  /** Show ``found``; true when there is nothing to show. */
  const show = useCallback((found: FormErrors) => {
    setErrors(found);
    setAttempt((count) => count + 1);
    return Object.keys(found).length === 0;
  }, []);

  /** Forget a field's error and the form's. */
  const clear = useCallback((name: string) => {
    setErrors((previous) => {
      if (!(name in previous) && !('form' in previous)) return previous;
      const { [name]: _field, form: _form, ...rest } = previous;
      return rest;
    });
  }, []);

  const set = useCallback(
    (name: keyof Values & string, value: string) => {
      setValues((previous) => ({ ...previous, [name]: value }));
      clear(name);
    },
    [clear],
  );

  /** Set or forget one field's error at once (a file refused as it is chosen). */
  const setError = useCallback((name: string, message: string | null) => {
    setErrors((previous) => {
      const { [name]: _field, ...rest } = previous;
      return message ? { ...rest, [name]: message } : rest;
    });
  }, []);

  /** Back to the first values, without errors (a form sent and kept open for the next). */
  const reset = useCallback(() => {
    setValues(initial);
    setErrors({});
  }, [initial]);

  const bind = (name: keyof Values & string) => ({
    value: values[name] ?? '',
    onChange: (value: string) => set(name, value),
    error: errors[name],
  });

  return { form, values, errors, show, clear, set, setError, reset, bind };
}

export type Form<Values extends Record<string, string>> = ReturnType<typeof useForm<Values>>;
