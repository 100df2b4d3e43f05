import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { GameIcon } from './GameIcon';
import { LAZY_IMAGE, rememberLoaded, wasLoaded } from './lazyImages';

/** A stand-in IntersectionObserver whose entries the test delivers. */
class FakeObserver {
  static last: FakeObserver | null = null;
  static options: IntersectionObserverInit | undefined;
  targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    FakeObserver.last = this;
    FakeObserver.options = options;
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  show(target: Element) {
    this.callback([{ target, isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('lazy game icons', () => {
  test('the last 200 loaded icons are remembered, the oldest forgotten first', () => {
    for (let index = 0; index <= LAZY_IMAGE.cacheSize; index++) rememberLoaded(`/icon/${index}.svg`);
    expect(wasLoaded('/icon/0.svg')).toBe(false);
    expect(wasLoaded('/icon/1.svg')).toBe(true);
    expect(wasLoaded(`/icon/${LAZY_IMAGE.cacheSize}.svg`)).toBe(true);
  });

  test('an icon waits for its card to near the viewport; icons are released at most every 200 ms', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    // The observer is made once per page: load the module afresh with the stand-in in place.
    vi.resetModules();
    const { GameIcon: FreshIcon } = await import('./GameIcon');
    const { container } = render(
      <>
        <FreshIcon src="/lazy/a.svg" />
        <FreshIcon src="/lazy/b.svg" />
      </>,
    );
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(FakeObserver.options).toEqual({ rootMargin: '30%', threshold: 0.1 });
    const [first, second] = [...container.querySelectorAll('[data-icon-waiting]')];
    act(() => FakeObserver.last!.show(first));
    expect(container.querySelectorAll('img')).toHaveLength(1);
    act(() => FakeObserver.last!.show(second));
    expect(container.querySelectorAll('img')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(LAZY_IMAGE.throttleMs));
    expect(container.querySelectorAll('img')).toHaveLength(2);
  });

  test('an icon loaded before shows at once', () => {
    rememberLoaded('/seen.svg');
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { container } = render(<GameIcon src="/seen.svg" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/seen.svg');
  });
});
