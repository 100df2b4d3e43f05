import { useEffect } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { PageRegistry } from '@tessera/kit';
import { statusOf } from '../../test/fixtures';
import { renderInShell, serve } from '../../test/render';
import { useModals } from './modalContext';

const loadPages = vi.hoisted(() => vi.fn());
vi.mock('../remotes/runtime', () => ({ loadPages, RemoteUnavailable: class extends Error {} }));

const page = (key: string) => () => <p data-testid="centre-page">{key}</p>;
const MEMBER_CENTRE: PageRegistry = {
  namespace: 'memberCentreTest',
  defaultPage: 'securityCenter',
  pages: [
    { key: 'securityCenter', labelKey: 'securityCenter', component: page('securityCenter') },
    { key: 'depositv2', labelKey: 'depositv2', component: page('depositv2') },
  ],
};

function OpenDeposit() {
  const modals = useModals();
  useEffect(() => modals.open({ kind: 'deposit' }), [modals]);
  return null;
}

async function renderDeposit() {
  loadPages.mockReset();
  loadPages.mockResolvedValue(MEMBER_CENTRE);
  serve({ '/wps/system/status': statusOf() });
  renderInShell(<OpenDeposit />);
  return screen.findByRole('dialog', { name: 'Welcome' });
}

describe('deposit dialog', () => {
  test('"Deposit now" closes it and opens the member centre at its deposit page', async () => {
    await renderDeposit();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Deposit now' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Deposit now' })));
    expect(screen.queryByRole('dialog', { name: 'Welcome' })).toBeNull();
    // The centre's overlay comes when it is first opened, then loads the remote.
    expect((await screen.findByTestId('centre-page')).textContent).toBe('depositv2');
    expect(loadPages).toHaveBeenCalledWith('memberCentre');
  });

  test('"Later" only closes it', async () => {
    await renderDeposit();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog', { name: 'Welcome' })).toBeNull();
    expect(loadPages).not.toHaveBeenCalled();
  });
});
