// A write on the chosen brand from a page: told done, or waiting for a second approver (202), or
// refused with the API's message; the page's data is fetched again after.
import { useCallback } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { BackOfficeDataProvider } from '../dataProvider';

export const WAITING_FOR_APPROVAL = 202;

export function useAct() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  return useCallback(
    async <T = unknown>(rest: string, body?: unknown, method = 'POST'): Promise<T | undefined> => {
      try {
        const { status, value } = await dataProvider.act<T>(rest, body, method);
        notify(status === WAITING_FOR_APPROVAL ? 'tessera.actions.waiting' : 'tessera.actions.done', {
          type: status === WAITING_FOR_APPROVAL ? 'warning' : 'success',
        });
        refresh();
        return value;
      } catch (refused) {
        notify((refused as Error).message || 'tessera.errors.unreachable', { type: 'error' });
        return undefined;
      }
    },
    [dataProvider, notify, refresh],
  );
}
