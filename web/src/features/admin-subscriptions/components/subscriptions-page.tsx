import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { SUBSCRIPTIONS_PAGE_SIZE } from '../../../../../shared/commerce/codes';
import { SUBSCRIPTION_ORDER_COLUMNS } from '../../../../../shared/contract/lic.admin';
import { PageLoader } from '../../../components/page-loader';
import { PageSelect } from '../../../components/page-select';
import { PageTitle } from '../../../components/page-title';
import { pageCount } from '../../../lib/paging';
import { useDebouncedField } from '../../../lib/use-debounced-field';
import { useLastPageBound, useListSearch } from '../../../lib/use-list-search';
import { FormDialog } from '../../admin-licenses/components/form-dialog';
import { useSubscriptions } from '../api/get-subscriptions';
import { DEFAULT_SUBSCRIPTION_SORT, subscriptionsParams } from '../list-query';
import { subscriptionTexts } from '../messages';
import { SubscriptionDetail } from './subscription-detail';
import { SubscriptionsTable } from './subscriptions-table';

/**
 * Subscriptions (admin): a search (user, product, state or ids), the subscriptions 40 a page, newest
 * first until a column header sorts them, and the page dropdown (none for one page). An id opens the
 * subscription's detail, with Cancel and Convert. Search, order and page live in the page's address.
 */
export default function SubscriptionsPage() {
  const list = useListSearch(SUBSCRIPTION_ORDER_COLUMNS, DEFAULT_SUBSCRIPTION_SORT);
  const [search, setSearch] = useDebouncedField(list.search, list.setSearch);
  // The id stays while the dialog closes, so its title does not change as it fades.
  const [detail, setDetail] = useState({ id: 0, open: false });
  const subscriptions = useSubscriptions(subscriptionsParams(list.search, list.sort, list.page));
  const count = subscriptions.data?.count ?? 0;
  const pages = pageCount(count, SUBSCRIPTIONS_PAGE_SIZE);
  useLastPageBound(list.page, pages, subscriptions.data !== undefined && !subscriptions.isPlaceholderData, list.setPage);
  const close = () => setDetail((current) => ({ ...current, open: false }));

  return (
    <>
      <PageTitle />
      <Stack gap="lg">
        <TextInput
          label="Search"
          placeholder="User, product, state or id"
          autoComplete="off"
          w={320}
          maw="100%"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {subscriptions.isPending ? (
          <PageLoader />
        ) : (
          // A failed load shows its message in red at the top of the page.
          subscriptions.data && (
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {subscriptionTexts.subscriptionCount(count)}
              </Text>
              {subscriptions.data.subscriptions.length === 0 ? (
                <Text>{list.search ? subscriptionTexts.noMatch : subscriptionTexts.noSubscriptions}</Text>
              ) : (
                <SubscriptionsTable
                  rows={subscriptions.data.subscriptions}
                  sort={list.sort}
                  onSort={list.sortBy}
                  onOpen={(id) => setDetail({ id, open: true })}
                  busy={subscriptions.isPlaceholderData}
                />
              )}
              <Group justify="flex-end">
                <PageSelect page={Math.min(list.page, Math.max(pages, 1))} pages={pages} onChange={list.setPage} />
              </Group>
            </Stack>
          )
        )}
      </Stack>
      <FormDialog opened={detail.open} onClose={close} title={`Subscription ${detail.id}`}>
        <SubscriptionDetail subscriptionId={detail.id} onClose={close} />
      </FormDialog>
    </>
  );
}
