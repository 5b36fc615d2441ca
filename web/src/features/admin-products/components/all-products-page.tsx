import { Anchor, Button, Table } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { generatePath, Link } from 'react-router';
import { type AdminProductRow, productAdminContract } from '../../../../../shared/contract/product.admin';
import { productListColumns } from '../../../../../shared/lists/admin-lists';
import { call } from '../../../api/client';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { useCmdQuery } from '../../../api/cmd-query';
import { readCsvExport } from '../../../api/csv-export';
import { PageTitle } from '../../../components/page-title';
import { personText } from '../../../components/person';
import { SearchableList } from '../../../components/searchable-list';
import { SortableTable } from '../../../components/sortable-table';
import { copyText } from '../../../lib/clipboard';
import { formatDate } from '../../../lib/dates';
import { useSubmit } from '../../../lib/forms/use-submit';
import { paths } from '../../../lib/routing/paths';
import type { SortOrder } from '../../../lib/sorting';
import { useDeclaredList } from '../../../lib/use-declared-list';
import { listQuery } from '../../../lib/use-list-search';
import type { ProductOrderColumn } from '../list-query';
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

/** Unregister: unregistering needs Confirm, in a dialog that says what it does. */
function UnregisterCell({ product }: { product: AdminProductRow }) {
  const unregister = useCmdMutation(productAdminContract, 'unregister_product', { invalidates: ['get_all_products'] });
  const submit = useSubmit(() => unregister.mutateAsync({ uid: product.uid }), {
    confirm: () => adminProductTexts.confirmUnregister(product.uid, product.user || `User ${product.user_id}`),
    success: () => adminProductTexts.unregistered(product.uid),
  });
  return (
    <Button size="xs" variant="default" color="red" loading={submit.pending} onClick={() => void submit.run()}>
      Unregister
    </Button>
  );
}

function ProductsTable({ rows, sort, onSort, busy }: { rows: readonly AdminProductRow[]; sort: SortOrder<ProductOrderColumn>; onSort: (c: ProductOrderColumn) => void; busy: boolean }) {
  return (
    <SortableTable label="Registered products" columns={COLUMNS} sort={sort} onSort={onSort} busy={busy} minWidth={960} extraHeaders={<Table.Th>Unregister</Table.Th>}>
      {rows.map((product) => (
        <Table.Tr key={product.id}>
          <Table.Td>{product.id}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(product.created)}</Table.Td>
          <Table.Td>{product.product_id}</Table.Td>
          <Table.Td ff="monospace">{product.uid}</Table.Td>
          <Table.Td>{product.hardware_version}</Table.Td>
          <Table.Td>
            <Anchor component={Link} to={userPath(product.user_id)} size="sm">
              {product.user || personText({ id: product.user_id })}
            </Anchor>
          </Table.Td>
          <Table.Td>{product.license_id ?? ''}</Table.Td>
          <Table.Td>{product.ean}</Table.Td>
          <Table.Td>
            <UnregisterCell product={product} />
          </Table.Td>
        </Table.Tr>
      ))}
    </SortableTable>
  );
}

/**
 * Registered products (admin): a search (uid, product, ids, owner), the registrations 20 a page, newest
 * first until a header sorts them, Unregister behind Confirm, and Copy to clipboard (CSV of the
 * searched list, every page). Search, order and page live in the page's address.
 */
export default function AllProductsPage() {
  const { list, pageParams, pageSize } = useDeclaredList(productListColumns);
  const products = useCmdQuery(productAdminContract, 'get_all_products', pageParams, { placeholderData: keepPreviousData });
  const copy = useSubmit(() => copyText(call(productAdminContract, 'get_products_csv', listQuery(list)).then(({ filename }) => readCsvExport(filename))), { success: () => adminProductTexts.copied });

  return (
    <>
      <PageTitle />
      <SearchableList
        list={list}
        placeholder="Uid, product, id or user"
        actions={
          <Button variant="default" size="sm" loading={copy.pending} onClick={() => void copy.run()}>
            Copy to clipboard
          </Button>
        }
        query={products}
        pageSize={pageSize}
        summary={adminProductTexts.productCount}
        hasRows={(products.data?.products.length ?? 0) > 0}
        emptyText={{ noMatch: adminProductTexts.noMatch, none: adminProductTexts.noProducts }}
      >
        {products.data && <ProductsTable rows={products.data.products} sort={list.sort} onSort={list.sortBy} busy={products.isPlaceholderData} />}
      </SearchableList>
    </>
  );
}
