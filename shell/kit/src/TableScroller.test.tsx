import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { TableScroller } from './TableScroller';

describe('TableScroller', () => {
  test('is a named region that takes the focus, so a keyboard can scroll the table inside it', () => {
    render(
      <TableScroller className="records__table" label="Betting record">
        <table>
          <tbody>
            <tr>
              <td>1</td>
            </tr>
          </tbody>
        </table>
      </TableScroller>,
    );
    const region = screen.getByRole('region', { name: 'Betting record' });
    expect(region.className).toBe('records__table');
    expect(region.tabIndex).toBe(0);
    expect(region.querySelector('table')).not.toBeNull();
  });
});
