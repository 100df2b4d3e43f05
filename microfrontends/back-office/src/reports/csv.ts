// A report exported as the server's own CSV (format=csv): fetched with the session's cookie and
// saved under the file name the server gives it.
import { HttpError } from 'react-admin';
import { API_PREFIX, queryString, type Query } from '../api';
import { brandPath } from '../dataProvider';

function fileName(response: Response, fallback: string): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallback;
}

/** Download ``/brands/{brand}{rest}?{query}&format=csv``. */
export async function downloadCsv(rest: string, query: Query): Promise<void> {
  const response = await fetch(`${API_PREFIX}${brandPath(rest)}${queryString({ ...query, format: 'csv' })}`, {
    headers: { Accept: 'text/csv' },
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    throw new HttpError(envelope?.message || 'tessera.errors.unreachable', response.status, {
      code: envelope?.code ?? null,
      message: envelope?.message ?? null,
    });
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName(response, 'report.csv');
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
