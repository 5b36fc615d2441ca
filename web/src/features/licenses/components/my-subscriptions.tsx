import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { catalogueItem } from '../../../../../shared/commerce/catalogue';
import { licContract } from '../../../../../shared/contract/lic';
import { useCmdQuery } from '../../../api/cmd-query';
import { TableFrame } from '../../../components/table-frame';
import { formatDay } from '../../../lib/dates';
import { mySubscriptionTexts } from '../messages';

/**
 * Each read of the caller's subscriptions asks the provider and is counted: kept for a few minutes rather
 * than read again on every visit.
 */
const SUBSCRIPTIONS_FRESH_MS = 5 * 60_000;

/**
 * The subscriptions the customer pays for (their license's own and the add-ons' on them): state, next
 * charge, price and, for invoices and the payment method, the provider's account page. Shown only to
 * customers who have one.
 */
export function MySubscriptions() {
  const titleId = useId();
  const subscriptions = useCmdQuery(licContract, 'get_my_subscriptions', {}, { staleTime: SUBSCRIPTIONS_FRESH_MS });
  const rows = subscriptions.data?.subscriptions ?? [];
  if (!rows.length) return null;
  const accountPages = [...new Set(rows.flatMap((row) => (row.url ? [row.url] : [])))];
  return (
    <section aria-labelledby={titleId}>
      <Title order={3} id={titleId} mb="sm">
        Your subscriptions
      </Title>
      <Stack gap="sm">
        <Text size="sm">{mySubscriptionTexts.intro}</Text>
        <TableFrame label="Your subscriptions" minWidth={640}>
          <Table striped verticalSpacing={6} fz="sm" aria-labelledby={titleId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Subscription</Table.Th>
                <Table.Th>For</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Next charge</Table.Th>
                <Table.Th>Price</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.id}</Table.Td>
                  <Table.Td>{mySubscriptionTexts.for(catalogueItem(row.product)?.licenseType ?? row.product, row.license_id)}</Table.Td>
                  <Table.Td>{mySubscriptionTexts.states[row.state] ?? row.state}</Table.Td>
                  <Table.Td>{mySubscriptionTexts.nextCharge(row.state, row.renews_at && formatDay(row.renews_at))}</Table.Td>
                  <Table.Td>{mySubscriptionTexts.price(row.amount, row.interval)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableFrame>
        {accountPages.map((url) => (
          <Anchor key={url} href={url} target="_blank" rel="noopener noreferrer" size="sm">
            {mySubscriptionTexts.accountPage}
          </Anchor>
        ))}
        {rows.some((row) => !row.url) && <Text size="sm">{mySubscriptionTexts.otherAccount}</Text>}
      </Stack>
    </section>
  );
}
