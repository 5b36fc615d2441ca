import { Box, Loader, Text } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';

/** A line of a chart: the data key it draws, a Mantine colour readable on both schemes, dashed for a total. */
export interface ChartLine {
  name: string;
  color: string;
  dashed?: boolean;
  /**
   * Drawn against a scale of its own, the axis on the right named after it: a total many times its parts
   * would otherwise squash their lines against the bottom of the chart. One line of a chart at most.
   */
  ownScale?: boolean;
}

/** Colours of a chart's lines, in turn: mid shades that read on the light and on the dark background. */
export const CHART_COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.7', 'pink.6'] as const;

const LineChartView = lazy(() => import('./line-chart-view'));

interface ChartProps {
  /** The chart's name: its caption, and its figure's accessible name. */
  title: string;
  data: readonly object[];
  /** The key of each point's x label. */
  dataKey: string;
  lines: readonly ChartLine[];
  yLabel: string;
  /** Whether there is anything to draw; otherwise `empty` is said in words instead of an empty chart. */
  hasData: boolean;
  empty: string;
  /** Beside the caption (a copy button). */
  actions?: ReactNode;
}

/**
 * A line chart with its caption, legend and an empty state in words. The chart's code (recharts) is
 * loaded lazily, the first time a chart is drawn; it fits any width (a phone's too) without scrolling.
 */
export function Chart({ title, data, dataKey, lines, yLabel, hasData, empty, actions }: ChartProps) {
  return (
    <Box component="figure" m={0} mb="xl" aria-label={title} style={{ minWidth: 0 }}>
      <Box component="figcaption" mb="xs" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', justifyContent: 'space-between' }}>
        <Text fw={600}>{title}</Text>
        {actions}
      </Box>
      {hasData ? (
        <Suspense fallback={<Loader size="sm" />}>
          <LineChartView data={[...data]} dataKey={dataKey} lines={lines} yLabel={yLabel} />
        </Suspense>
      ) : (
        <Text c="dimmed">{empty}</Text>
      )}
    </Box>
  );
}
