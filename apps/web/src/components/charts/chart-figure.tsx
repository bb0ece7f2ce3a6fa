import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';

export interface ChartSeries {
  label: string;
  /** Decimal strings (amounts) or counts, one per category. */
  values: ReadonlyArray<string | number>;
}

export type ChartKind = 'bar' | 'line' | 'pie';

interface ChartFigureProps {
  /** The chart's accessible name and visible caption. */
  title: string;
  kind: ChartKind;
  /** The labels of the x axis (bar, line) or of the slices (pie: the first series gives their sizes). */
  categories: readonly string[];
  series: readonly ChartSeries[];
  /** Shows a value (on hover) as the reader's language writes it. */
  formatValue?: (value: number) => string;
  height?: number;
  /** The table the numbers come from: the chart's textual alternative, read by screen readers and tests. */
  children: ReactNode;
}

/** A decimal string drawn as a number: only the picture is approximate, the table shows the exact amount. */
const plotted = (value: string | number): number => (typeof value === 'number' ? value : Number(value));

/**
 * A chart with its caption and its table (ADR 0020): the figure is named by the caption, the SVG is
 * decoration hidden from assistive technology, and the table beside it carries every number.
 */
export function ChartFigure({ title, kind, categories, series, formatValue, height = 280, children }: ChartFigureProps) {
  const captionId = useId();
  const valueFormatter = formatValue ? (value: number | null) => (value === null ? '' : formatValue(value)) : undefined;
  let chart: ReactNode;
  if (kind === 'pie') {
    const sizes = series[0]?.values ?? [];
    chart = (
      <PieChart
        height={height}
        series={[
          {
            data: categories.map((label, index) => ({ id: index, label, value: plotted(sizes[index] ?? 0) })),
            ...(valueFormatter ? { valueFormatter: (item: { value: number }) => valueFormatter(item.value) } : {}),
          },
        ]}
      />
    );
  } else {
    const data = series.map((entry) => ({ label: entry.label, data: entry.values.map(plotted), ...(valueFormatter ? { valueFormatter } : {}) }));
    chart =
      kind === 'bar' ? (
        <BarChart height={height} xAxis={[{ scaleType: 'band', data: [...categories] }]} series={data} />
      ) : (
        <LineChart height={height} xAxis={[{ scaleType: 'point', data: [...categories] }]} series={data} />
      );
  }
  return (
    <Box component="figure" aria-labelledby={captionId} sx={{ m: 0, mb: 2 }}>
      <Typography id={captionId} component="figcaption" variant="subtitle1">
        {title}
      </Typography>
      {categories.length > 0 && <Box aria-hidden="true">{chart}</Box>}
      {children}
    </Box>
  );
}
