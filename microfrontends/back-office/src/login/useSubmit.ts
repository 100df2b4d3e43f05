// A form's submission: busy while it runs, the API's message when it is refused.
import { useCallback, useState } from 'react';
import { useTranslate } from 'react-admin';

export function useSubmit() {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (refused) {
      const message = (refused as Error | null)?.message;
      setError(message ? translate(message, { _: message }) : translate('tessera.errors.unreachable'));
    } finally {
      setBusy(false);
    }
  }, [translate]);
  return { busy, error, submit };
}
