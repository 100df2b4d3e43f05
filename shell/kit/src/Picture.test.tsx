import { render } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { Picture } from './Picture';

describe('picture', () => {
  test('an image of unknown size keeps the room it is given and waits until near the screen', () => {
    const { container } = render(<Picture src="https://cdn.example/a.png" alt="A" fallbackWidth={160} fallbackHeight={40} />);
    const image = container.querySelector('img')!;
    expect(container.querySelector('picture')).toBeNull();
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['160', '40']);
    expect([image.getAttribute('loading'), image.getAttribute('decoding')]).toEqual(['lazy', 'async']);
  });

  test('an image of known size gives its own, and a main one is fetched at once', () => {
    const { container } = render(
      <Picture src="/assets/logo.svg" alt="Logo" image={{ width: 180, height: 48, sources: [] }} fallbackWidth={1} fallbackHeight={1} loading="eager" />,
    );
    const image = container.querySelector('img')!;
    expect([image.getAttribute('width'), image.getAttribute('height'), image.getAttribute('loading')]).toEqual(['180', '48', 'eager']);
    expect(image.getAttribute('fetchpriority')).toBe('auto');
  });
});
