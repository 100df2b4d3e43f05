import { Suspense } from 'react';
import { describe, expect, test } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { deferred, preloadDeferred, retryDeferred } from './deferred';
import { LoadBoundary } from './LoadBoundary';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('deferred components', () => {
  test('the first drawing waits for the code, under its Suspense; a later one is drawn at once', async () => {
    let loads = 0;
    const Late = deferred(async () => {
      loads += 1;
      return Greeting;
    });
    const first = render(
      <Suspense fallback={<p>waiting</p>}>
        <Late name="first" />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(await screen.findByText('Hello first')).toBeTruthy();
    first.unmount();
    render(<Late name="again" />);
    expect(screen.getByText('Hello again')).toBeTruthy();
    expect(loads).toBe(1);
  });

  test('code that did not come says so, and is asked for again on retry', async () => {
    let online = false;
    let loads = 0;
    const Offline = deferred(async () => {
      loads += 1;
      if (!online) throw new TypeError('Failed to fetch dynamically imported module');
      return Greeting;
    });
    const quiet = console.error;
    console.error = () => undefined; // React reports the error the boundary catches
    try {
      render(
        <LoadBoundary onRetry={retryDeferred}>
          <Suspense fallback={<p>waiting</p>}>
            <Offline name="again" />
          </Suspense>
        </LoadBoundary>,
      );
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('This section could not be loaded.');
      // It stays so, not asking again by itself, until the retry.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(loads).toBe(1);
      expect(screen.getByRole('alert')).toBe(alert);
      online = true;
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('Hello again')).toBeTruthy();
      expect(loads).toBe(2);
    } finally {
      console.error = quiet;
    }
  });

  test('preloadDeferred fetches the code before anything is drawn', async () => {
    const Early = deferred(async () => Greeting);
    await preloadDeferred();
    render(<Early name="early" />);
    expect(screen.getByText('Hello early')).toBeTruthy();
  });
});
