// A payment form's values and errors; the shell's form state, which a remote cannot import,
// works the same way.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormErrors } from '../wallet/form';

/**
 * A form's values and errors, shown after each attempt with the first invalid field taking the
 * focus; editing a field forgets its error and the form's.
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

  const set = useCallback((name: keyof Values & string, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => {
      if (!(name in previous) && !('form' in previous)) return previous;
      const { [name]: _field, form: _form, ...rest } = previous;
      return rest;
    });
  }, []);

  /** Set or forget one field's error at once (a file refused as it is chosen). */
  const setError = useCallback((name: string, message: string | null) => {
    setErrors((previous) => {
      const { [name]: _field, ...rest } = previous;
      return message ? { ...rest, [name]: message } : rest;
    });
  }, []);

  const reset = useCallback(() => {
    setValues(initial);
    setErrors({});
  }, [initial]);

  const bind = (name: keyof Values & string) => ({ name, value: values[name] ?? '', onChange: (value: string) => set(name, value), error: errors[name] });

  return { form, values, errors, show, set, setError, bind, reset };
}
