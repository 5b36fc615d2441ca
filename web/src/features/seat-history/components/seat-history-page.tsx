import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { seatHistoryContract } from '../../../../../shared/licenses/seat-history.contract';
import { call } from '../../../api/client';
import { useCmdQuery } from '../../../api/cmd-query';
import { CsvExportLink } from '../../../components/csv-export-link';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../lib/routing/paths';
import { seatHistoryTexts } from '../messages';
import { HistoryTable } from './history-table';
import { SeatChart } from './seat-chart';

/** The license's 30-day chart: only for those who see all of its history (its owner, its organisation's admins). */
function LicenseChart({ licenseId }: { licenseId: number }) {
  const chart = useCmdQuery(seatHistoryContract, 'get_seat_chart', { license_id: licenseId });
  if (chart.isPending) return <PageLoader />;
  return chart.data ? <SeatChart title={seatHistoryTexts.chart} days={chart.data.days} /> : null;
}

/**
 * Its history a page at a time, newest first: Older follows the page's `next`, Newer goes back along the
 * places already visited.
 */
function HistoryPages({ licenseId }: { licenseId: number }) {
  const headingId = useId();
  // The places of the pages before this one (undefined: the first page), and this one's.
  const [visited, setVisited] = useState<(string | undefined)[]>([]);
  const [before, setBefore] = useState<string | undefined>(undefined);
  const history = useCmdQuery(seatHistoryContract, 'get_seat_history', { license_id: licenseId, ...(before ? { before } : {}) }, { placeholderData: keepPreviousData });
  if (history.isPending) return <PageLoader />;
  if (!history.data) return null;
  const { rows, next, scope } = history.data;
  return (
    <Stack gap="md">
      {scope === 'all' && <LicenseChart licenseId={licenseId} />}
      {scope === 'own' && <Text size="sm">{seatHistoryTexts.ownOnly}</Text>}
      <Stack gap="sm" component="section" aria-labelledby={headingId}>
        <Group justify="space-between" align="center">
          <Title order={4} id={headingId}>
            {seatHistoryTexts.ofLicense(licenseId)}
          </Title>
          <CsvExportLink create={() => call(seatHistoryContract, 'get_seat_history_csv', { license_id: licenseId })} />
        </Group>
        {rows.length === 0 && visited.length === 0 ? <Text>{seatHistoryTexts.none}</Text> : <HistoryTable licenseId={licenseId} rows={rows} />}
        {(visited.length > 0 || next) && (
          <Group gap="sm">
            <Button
              variant="default"
              size="sm"
              disabled={visited.length === 0}
              onClick={() => {
                setBefore(visited.at(-1));
                setVisited(visited.slice(0, -1));
              }}
            >
              {seatHistoryTexts.newer}
            </Button>
            <Button
              variant="default"
              size="sm"
              disabled={!next}
              onClick={() => {
                setVisited([...visited, before]);
                setBefore(next ?? undefined);
              }}
            >
              {seatHistoryTexts.older}
            </Button>
          </Group>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * A license's seat history: the 30-day chart of its seats (its highest in use each day, the seats owned,
 * the refusals), who held its seat on which machine from when to when and who was turned away, 20 a page
 * newest first, and Create CSV of all of it. A recipient of a share, or a member using an organisation's
 * seat, sees only their own use; anyone else is told the license does not exist.
 */
export default function SeatHistoryPage() {
  const { id } = useParams();
  const licenseId = Number(id);
  const valid = Number.isInteger(licenseId) && licenseId > 0;
  return (
    <>
      <PageTitle />
      <Anchor component={Link} to={paths.licenses} size="sm" mb="md" display="inline-block">
        ← {seatHistoryTexts.backToLicenses}
      </Anchor>
      {/* A failed read (no such license, or not the caller's) shows its message in red at the top of the page. */}
      {valid ? <HistoryPages key={licenseId} licenseId={licenseId} /> : <Text>{seatHistoryTexts.noSuchLicense}</Text>}
    </>
  );
}
