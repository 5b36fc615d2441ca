import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { licAdminContract } from '../../../../../shared/contract/lic.admin';
import { subscriptionListColumns } from '../../../../../shared/lists/admin-lists';
import { useCmdQuery } from '../../../api/cmd-query';
import { FormDialog } from '../../../components/form-dialog';
import { PageTitle } from '../../../components/page-title';
import { SearchableList } from '../../../components/searchable-list';
import { useDeclaredList } from '../../../lib/use-declared-list';
import { subscriptionTexts } from '../messages';
import { SubscriptionDetail } from './subscription-detail';
import { SubscriptionsTable } from './subscriptions-table';

/**
 * Subscriptions (admin): a search (user, product, state or ids), the subscriptions 40 a page, newest
 * first until a column header sorts them, and the page dropdown (none for one page). An id opens the
 * subscription's detail, with Cancel and Convert. Search, order and page live in the page's address.
 */
export default function SubscriptionsPage() {
  const { list, pageParams, pageSize } = useDeclaredList(subscriptionListColumns);
  // The id stays while the dialog closes, so its title does not change as it fades.
  const [detail, setDetail] = useState({ id: 0, open: false });
  const subscriptions = useCmdQuery(licAdminContract, 'get_subscriptions', pageParams, { placeholderData: keepPreviousData });
  const close = () => setDetail((current) => ({ ...current, open: false }));

  return (
    <>
      <PageTitle />
      <SearchableList
        list={list}
        placeholder="User, product, state or id"
        query={subscriptions}
        pageSize={pageSize}
        summary={subscriptionTexts.subscriptionCount}
        hasRows={(subscriptions.data?.subscriptions.length ?? 0) > 0}
        emptyText={{ noMatch: subscriptionTexts.noMatch, none: subscriptionTexts.noSubscriptions }}
      >
        {subscriptions.data && (
          <SubscriptionsTable
            rows={subscriptions.data.subscriptions}
            sort={list.sort}
            onSort={list.sortBy}
            onOpen={(id) => setDetail({ id, open: true })}
            busy={subscriptions.isPlaceholderData}
          />
        )}
      </SearchableList>
      <FormDialog opened={detail.open} onClose={close} title={`Subscription ${detail.id}`}>
        <SubscriptionDetail subscriptionId={detail.id} onClose={close} />
      </FormDialog>
    </>
  );
}
