import { Anchor, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { generatePath, Link } from 'react-router';
import { ALL_PRODUCTS_PAGE_SIZE, PRODUCT_ORDER_COLUMNS, type AdminProductRow } from '../../../../../shared/contract/product.admin';
import { useNotice } from '../../../components/location-notice';
import { PageLoader } from '../../../components/page-loader';
import { PageSelect } from '../../../components/page-select';
import { PageTitle } from '../../../components/page-title';
import { SortableTh } from '../../../components/sortable-th';
import { copyText } from '../../../lib/clipboard';
import { formatDate } from '../../../lib/dates';
import { useSubmit } from '../../../lib/forms/use-submit';
import { pageCount } from '../../../lib/paging';
import { paths } from '../../../lib/routing/paths';
import type { SortOrder } from '../../../lib/sorting';
import { useDebouncedField } from '../../../lib/use-debounced-field';
import { useLastPageBound, useListSearch } from '../../../lib/use-list-search';
import { exportProductsCsv, useAllProducts, useUnregisterProduct } from '../api/get-all-products';
import { allProductsParams, DEFAULT_PRODUCT_SORT, type ProductOrderColumn } from '../list-query';
import { adminProductTexts } from '../messages';

const COLUMNS: readonly { column: ProductOrderColumn; header: string }[] = [
  { column: 'id', header: 'Id' },
  { column: 'created', header: 'Created' },
  { column: 'product_id', header: 'Product id' },
  { column: 'uid', header: 'Uid' },
  { column: 'hardware_version', header: 'Hardware version' },
  { column: 'user', header: 'User' },
  { column: 'license_id', header: 'License id' },
  { column: 'ean', header: 'EAN' },
];

const userPath = (userId: number) => generatePath(paths.allLicensesUser, { id: String(userId) });

/** Unregister, then Confirm or Cancel in the row (spec §4: unregistering needs Confirm). */
function UnregisterCell({ product }: { product: AdminProductRow }) {
  const [confirming, setConfirming] = useState(false);
  const notice = useNotice();
  const unregister = useUnregisterProduct();
  const submit = useSubmit(() => unregister.mutateAsync(product.uid), { onSuccess: () => notice.show(adminProductTexts.unregistered(product.uid)) });
  if (!confirming) {
    return (
      <Button size="xs" variant="default" color="red" onClick={() => setConfirming(true)}>
        Unregister
      </Button>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" title={adminProductTexts.confirmUnregister(product.uid)}>
      <Button size="xs" color="red" loading={submit.pending} onClick={() => void submit.run()}>
        Confirm
      </Button>
      <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
        Cancel
      </Button>
    </Group>
  );
}

function ProductsTable({ rows, sort, onSort, busy }: { rows: readonly AdminProductRow[]; sort: SortOrder<ProductOrderColumn>; onSort: (c: ProductOrderColumn) => void; busy: boolean }) {
  return (
    <Table.ScrollContainer minWidth={1000} type="native">
      <Table striped verticalSpacing={6} horizontalSpacing={8} fz="sm" aria-label="Registered products" aria-busy={busy} style={busy ? { opacity: 0.55 } : undefined}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map(({ column, header }) => (
              <SortableTh key={column} column={column} sort={sort} onSort={onSort}>
                {header}
              </SortableTh>
            ))}
            <Table.Th>Unregister</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((product) => (
            <Table.Tr key={product.id}>
              <Table.Td>{product.id}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(product.created)}</Table.Td>
              <Table.Td>{product.product_id}</Table.Td>
              <Table.Td ff="monospace">{product.uid}</Table.Td>
              <Table.Td>{product.hardware_version}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={userPath(product.user_id)} size="sm">
                  {product.user || product.user_id}
                </Anchor>
              </Table.Td>
              <Table.Td>{product.license_id ?? ''}</Table.Td>
              <Table.Td>{product.ean}</Table.Td>
              <Table.Td>
                <UnregisterCell product={product} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Registered products (admin): a search (uid, product, ids, owner), the registrations 20 a page, newest
 * first until a header sorts them, Unregister with Confirm/Cancel, and Copy to clipboard (CSV of the
 * searched list, every page). Search, order and page live in the page's address.
 */
export default function AllProductsPage() {
  const list = useListSearch(PRODUCT_ORDER_COLUMNS, DEFAULT_PRODUCT_SORT);
  const [search, setSearch] = useDebouncedField(list.search, list.setSearch);
  const products = useAllProducts(allProductsParams(list.search, list.sort, list.page));
  const count = products.data?.count ?? 0;
  const pages = pageCount(count, ALL_PRODUCTS_PAGE_SIZE);
  useLastPageBound(list.page, pages, products.data !== undefined && !products.isPlaceholderData, list.setPage);
  const notice = useNotice();
  const copy = useSubmit(
    () => copyText(exportProductsCsv({ order_by: list.sort.orderBy, descending: list.sort.descending, search: list.search.trim() || undefined })),
    { onSuccess: () => notice.show(adminProductTexts.copied) },
  );

  return (
    <>
      <PageTitle />
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <TextInput
            label="Search"
            placeholder="Uid, product, id or user"
            autoComplete="off"
            w={320}
            maw="100%"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <Button variant="default" size="sm" loading={copy.pending} onClick={() => void copy.run()}>
            Copy to clipboard
          </Button>
        </Group>
        {products.isPending ? (
          <PageLoader />
        ) : (
          products.data && (
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {adminProductTexts.productCount(count)}
              </Text>
              {products.data.products.length === 0 ? (
                <Text>{list.search ? adminProductTexts.noMatch : adminProductTexts.noProducts}</Text>
              ) : (
                <ProductsTable rows={products.data.products} sort={list.sort} onSort={list.sortBy} busy={products.isPlaceholderData} />
              )}
              <Group justify="flex-end">
                <PageSelect page={Math.min(list.page, Math.max(pages, 1))} pages={pages} onChange={list.setPage} />
              </Group>
            </Stack>
          )
        )}
      </Stack>
    </>
  );
}
