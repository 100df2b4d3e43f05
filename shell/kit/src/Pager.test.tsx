import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, test } from 'vitest';
import { Pager, usePaging } from './Pager';

function Letters({ letters }: { letters: string[] }) {
  const paging = usePaging(letters, 2);
  return (
    <>
      <p data-shown="">{paging.items.join('')}</p>
      <Pager page={paging.page} total={paging.total} onChange={paging.setPage} />
    </>
  );
}

const shown = () => document.querySelector('[data-shown]')?.textContent;

describe('pager', () => {
  test('turns the pages, each end disabled, with the position said', () => {
    render(<Letters letters={['a', 'b', 'c', 'd', 'e']} />);
    expect(shown()).toBe('ab');
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(shown()).toBe('e');
    expect(document.querySelector('.pager__status')?.textContent).toBe('Page 3 of 3');
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
  });

  test('the page stays in range when the list shrinks; one page has no pager', () => {
    function Shrinking() {
      const [letters, setLetters] = useState(['a', 'b', 'c']);
      return (
        <>
          <button type="button" onClick={() => setLetters(['a'])}>shrink</button>
          <Letters letters={letters} />
        </>
      );
    }
    render(<Shrinking />);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(shown()).toBe('c');
    fireEvent.click(screen.getByRole('button', { name: 'shrink' }));
    expect(shown()).toBe('a');
    expect(document.querySelector('.pager')).toBeNull();
  });

  test("in the page's language", async () => {
    await i18next.changeLanguage('bn');
    render(<Pager page={1} total={2} onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'পরের পৃষ্ঠা' })).toBeTruthy();
    expect(document.querySelector('.pager__status')?.textContent).toBe('পৃষ্ঠা 1 / 2');
  });
});
