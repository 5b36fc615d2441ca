import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import type { ChartLine } from './line-chart';

/**
 * The chart itself (Mantine's LineChart over recharts): loaded only when a chart is shown, so the
 * sign-in route and every screen without a chart never carry recharts.
 */
export default function LineChartView({ data, dataKey, lines, yLabel }: { data: object[]; dataKey: string; lines: readonly ChartLine[]; yLabel: string }) {
  const ownScale = lines.find((line) => line.ownScale);
  return (
    <LineChart
      h={280}
      data={data as Record<string, unknown>[]}
      dataKey={dataKey}
      series={lines.map(({ name, color, dashed, ownScale: own }) => ({ name, color, ...(dashed ? { strokeDasharray: '6 4' } : {}), ...(own ? { yAxisId: 'right' } : {}) }))}
      withRightYAxis={ownScale !== undefined}
      {...(ownScale ? { rightYAxisLabel: ownScale.name } : {})}
      curveType="linear"
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 50 }}
      yAxisLabel={yLabel}
      tickLine="xy"
      gridAxis="xy"
      connectNulls
    />
  );
}
