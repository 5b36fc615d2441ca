import { Table, Text } from '@mantine/core';
import type { Product } from '../../../../../shared/contract/product';
import { TableFrame } from '../../../components/table-frame';
import { formatDate } from '../../../lib/dates';

/** The user's registered products, newest first, as the user detail's Products table. */
export function UserProductsTable({ products }: { products: readonly Product[] }) {
  if (products.length === 0) return <Text>No registered products.</Text>;
  return (
    <TableFrame label="Products" minWidth={560}>
      <Table striped verticalSpacing={6} fz="sm" aria-label="Products">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Id</Table.Th>
            <Table.Th>Registered</Table.Th>
            <Table.Th>Product id</Table.Th>
            <Table.Th>Uid</Table.Th>
            <Table.Th>Hardware version</Table.Th>
            <Table.Th>EAN</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((product) => (
            <Table.Tr key={product.id}>
              <Table.Td>{product.id}</Table.Td>
              <Table.Td>{formatDate(product.created)}</Table.Td>
              <Table.Td>{product.product_id}</Table.Td>
              <Table.Td ff="monospace">{product.uid}</Table.Td>
              <Table.Td>{product.hardware_version}</Table.Td>
              <Table.Td>{product.ean}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableFrame>
  );
}
