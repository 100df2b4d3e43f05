import { Suspense } from 'react';
import { describe, expect, test } from 'vitest';
import { render, screen } from '@testing-library/react';
import { deferred, preloadDeferred } from './deferred';

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

  test('preloadDeferred fetches the code before anything is drawn', async () => {
    const Early = deferred(async () => Greeting);
    await preloadDeferred();
    render(<Early name="early" />);
    expect(screen.getByText('Hello early')).toBeTruthy();
  });
});
