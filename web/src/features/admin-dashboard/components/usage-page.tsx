import { Loader, SimpleGrid, Text } from '@mantine/core';
import { type SeatDay, type Usage, usageContract } from '../../../../../shared/contract/usage.admin';
import { useCmdQuery } from '../../../api/cmd-query';
import { Chart, CHART_COLORS } from '../../../components/charts/line-chart';
import { PageTitle } from '../../../components/page-title';
import { usageTexts } from '../messages';
import { FigureTable } from './figure-table';

/** Per day, one column per license type: the chart's data of `value` (peak or refused). */
function seatRows(seats: readonly SeatDay[], value: 'peak' | 'refused') {
  const days = [...new Set(seats.map((seat) => seat.date))].sort();
  return days.map((date) => {
    const row: Record<string, string | number> = { date };
    for (const seat of seats.filter((each) => each.date === date)) row[seat.license_type_id] = seat[value];
    return row;
  });
}

function SeatCharts({ seats }: { seats: Usage['seats'] }) {
  const types = [...new Set(seats.map((seat) => seat.license_type_id))];
  const lines = types.map((name, index) => ({ name, color: CHART_COLORS[index % CHART_COLORS.length]! }));
  const hasData = seats.some((seat) => seat.peak > 0 || seat.refused > 0);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Chart title={usageTexts.peakChart} data={seatRows(seats, 'peak')} dataKey="date" lines={lines} yLabel="Seats" hasData={hasData} empty={usageTexts.noSeats} />
      <Chart title={usageTexts.refusedChart} data={seatRows(seats, 'refused')} dataKey="date" lines={lines} yLabel="Refused" hasData={hasData} empty={usageTexts.noSeats} />
    </SimpleGrid>
  );
}

/** Who uses the desktop app: distinct users by week, month and year, and this month's versions, OS and license types. */
export default function UsagePage() {
  const usage = useCmdQuery(usageContract, 'get_usage', {});
  if (!usage.data) {
    return (
      <>
        <PageTitle />
        {usage.isError ? <Text>The figures could not be loaded.</Text> : <Loader size="sm" />}
      </>
    );
  }
  const data = usage.data;
  return (
    <>
      <PageTitle />
      <Text mb="md">
        {usageTexts.userCount}: <strong>{data.user_count.toLocaleString('en-US')}</strong>
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" mb="xl">
        <FigureTable caption={usageTexts.weekly} headers={['Week', 'Users']} rows={data.weekly_usage.map((row) => [row.week, row.count])} empty={usageTexts.noUse} />
        <FigureTable caption={usageTexts.monthly} headers={['Month', 'Users']} rows={data.monthly_usage.map((row) => [row.month, row.count])} empty={usageTexts.noUse} />
        <FigureTable caption={usageTexts.yearly} headers={['Year', 'Users']} rows={data.yearly_usage.map((row) => [row.year, row.count])} empty={usageTexts.noUse} />
        <FigureTable caption={usageTexts.types} headers={['Type', 'Users']} rows={data.type_usage.map((row) => [row.type, row.count])} empty={usageTexts.noUse} />
        <FigureTable caption={usageTexts.versions} headers={['Version', 'Users']} rows={data.version_usage.map((row) => [row.version, row.count])} empty={usageTexts.noUse} />
        <FigureTable caption={usageTexts.os} headers={['OS', 'Users']} rows={data.os_usage.map((row) => [row.os, row.count])} empty={usageTexts.noUse} />
      </SimpleGrid>
      <SeatCharts seats={data.seats} />
    </>
  );
}
