import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { seatHistoryContract } from '../../../../../shared/licenses/seat-history.contract';
import { useCmdQuery } from '../../../api/cmd-query';
import { PageLoader } from '../../../components/page-loader';
import { seatHistoryTexts } from '../messages';
import { SeatChart } from './seat-chart';

function OrganisationChart({ organisationId }: { organisationId: number }) {
  const chart = useCmdQuery(seatHistoryContract, 'get_seat_chart', { organisation_id: organisationId });
  if (chart.isPending) return <PageLoader />;
  return chart.data ? <SeatChart title={seatHistoryTexts.organisationChart} days={chart.data.days} /> : null;
}

/**
 * An organisation's seat history, for its owner and admins (and a portal admin): the 30-day chart of its
 * licenses' seats summed, drawn when asked for (it reads every license's figures, so not on each visit of
 * the page); each license's holdings and refusals are a link away, on its id in the licenses table.
 */
export function OrganisationSeatHistory({ organisationId }: { organisationId: number }) {
  const headingId = useId();
  const [shown, setShown] = useState(false);
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={4} id={headingId}>
        {seatHistoryTexts.organisationSection}
      </Title>
      <Text size="sm">{seatHistoryTexts.organisationIntro}</Text>
      {shown ? (
        <>
          <OrganisationChart organisationId={organisationId} />
          <Text size="xs" c="dimmed">
            {seatHistoryTexts.organisationUpperBound}
          </Text>
        </>
      ) : (
        <Group>
          <Button variant="default" size="sm" onClick={() => setShown(true)}>
            {seatHistoryTexts.showChart}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
