import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ChartFigure } from './chart-figure.tsx';

const table = (
  <table aria-label="Kwoty">
    <tbody>
      <tr>
        <th scope="row">2026-01</th>
        <td>1 200,50 zł</td>
      </tr>
    </tbody>
  </table>
);

describe('ChartFigure', () => {
  it.each(['bar', 'line', 'pie'] as const)('names a %s chart by its caption, hides the drawing and keeps the table readable', (kind) => {
    render(
      <ChartFigure title="Wydatki w miesiącach" kind={kind} categories={['2026-01']} series={[{ label: 'Brutto', values: ['1200.50'] }]}>
        {table}
      </ChartFigure>,
    );
    const figure = screen.getByRole('figure', { name: 'Wydatki w miesiącach' });
    expect(within(figure).getByRole('table', { name: 'Kwoty' })).toBeTruthy();
    expect(within(figure).getByRole('cell', { name: '1 200,50 zł' })).toBeTruthy();
    expect(figure.querySelector('svg')?.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('draws nothing but the caption and the table when there are no categories', () => {
    render(
      <ChartFigure title="Pusto" kind="bar" categories={[]} series={[]}>
        {table}
      </ChartFigure>,
    );
    expect(screen.getByRole('figure', { name: 'Pusto' }).querySelector('svg')).toBeNull();
  });
});
