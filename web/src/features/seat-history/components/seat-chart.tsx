import { VisuallyHidden } from '@mantine/core';
import type { SeatChartDay } from '../../../../../shared/licenses/seat-history.contract';
import { Chart, CHART_COLORS, type ChartLine } from '../../../components/charts/line-chart';
import { seatHistoryTexts } from '../messages';

const LINES: readonly ChartLine[] = [
  { name: seatHistoryTexts.inUse, color: CHART_COLORS[0] },
  { name: seatHistoryTexts.owned, color: CHART_COLORS[1], dashed: true },
  { name: seatHistoryTexts.refused, color: CHART_COLORS[4] },
];

/** The chart's points: a day (MM-DD) with its highest seats in use, its seats owned and its refusals. */
const points = (days: readonly SeatChartDay[]) =>
  days.map((day) => ({
    day: day.day.slice(5),
    [seatHistoryTexts.inUse]: day.in_use,
    [seatHistoryTexts.owned]: day.owned,
    [seatHistoryTexts.refused]: day.refused,
  }));

/**
 * The days' highest number of seats in use against the seats owned, with the times a machine was turned
 * away; the same figures as a table for a screen reader (a chart's lines are not read out).
 */
export function SeatChart({ title, days }: { title: string; days: readonly SeatChartDay[] }) {
  const hasData = days.some((day) => day.in_use > 0 || day.owned > 0 || day.refused > 0);
  return (
    <>
      <Chart title={title} data={points(days)} dataKey="day" lines={LINES} yLabel={seatHistoryTexts.seats} hasData={hasData} empty={seatHistoryTexts.noChart} />
      {hasData && (
        <VisuallyHidden>
        <table aria-label={title}>
          <thead>
            <tr>
              <th>Day</th>
              <th>{seatHistoryTexts.inUse}</th>
              <th>{seatHistoryTexts.owned}</th>
              <th>{seatHistoryTexts.refused}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <td>{day.day}</td>
                <td>{day.in_use}</td>
                <td>{day.owned}</td>
                <td>{day.refused}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </VisuallyHidden>
      )}
    </>
  );
}
