import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Marquee } from './Marquee';

/** A ResizeObserver the test reports through, as the browser does after its layout. */
class ReportedSizes {
  static observers: ReportedSizes[] = [];
  constructor(private readonly callback: ResizeObserverCallback) {
    ReportedSizes.observers.push(this);
  }
  observe() {}
  disconnect() {}
  report() {
    this.callback([], this as unknown as ResizeObserver);
  }
}

describe('Marquee', () => {
  beforeEach(() => {
    ReportedSizes.observers = [];
    vi.stubGlobal('ResizeObserver', ReportedSizes);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads its width only when the browser reports the size, then runs at its pace', () => {
    const scrollWidth = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(470);
    const { container } = render(
      <Marquee pace={{ amount: 10, delay: 85 }}>
        <span>News</span>
      </Marquee>,
    );
    const track = container.querySelector<HTMLElement>('.marquee__track')!;
    // Drawing the page reads no layout: the track waits, still.
    expect(scrollWidth).not.toHaveBeenCalled();
    expect(track.classList.contains('is-running')).toBe(false);

    act(() => ReportedSizes.observers[0].report());
    // 470 px at 10 px every 85 ms.
    expect(track.classList.contains('is-running')).toBe(true);
    expect(track.style.animationDuration).toBe('4.00s');
  });
});
