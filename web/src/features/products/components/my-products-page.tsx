import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { type Product, productContract } from '../../../../../shared/contract/product';
import { useCmdQuery } from '../../../api/cmd-query';
import { ActionsTh } from '../../../components/actions-th';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { TableFrame } from '../../../components/table-frame';
import { formatDate } from '../../../lib/dates';
import { DialogScope } from '../../../lib/forms/result-place';
import { productTexts } from '../messages';
import { CertificateRequestForm } from './certificate-request-form';
import { MoveProductForm } from './move-product-form';
import { UnitLinks } from './unit-links';

/** One unit: its fields, and Move to user (the form opens in the row) and Request calibration certificate. */
function ProductRow({ product, onRequest }: { product: Product; onRequest: (product: Product) => void }) {
  const [moving, setMoving] = useState(false);
  return (
    <Table.Tr>
      <Table.Td>{product.product_id}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(product.created)}</Table.Td>
      <Table.Td ff="monospace">{product.uid}</Table.Td>
      <Table.Td>{product.hardware_version}</Table.Td>
      <Table.Td>
        {moving ? (
          <MoveProductForm product={product} onClose={() => setMoving(false)} />
        ) : (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setMoving(true)}>
              Move to user
            </Button>
            <Button size="xs" variant="default" onClick={() => onRequest(product)}>
              Request calibration certificate
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** My products: links to IV curves and firmware, and the caller's registered units, newest first. */
export default function MyProductsPage() {
  const products = useCmdQuery(productContract, 'get_products', {});
  const [requesting, setRequesting] = useState<Product | null>(null);
  return (
    <>
      <PageTitle />
      <UnitLinks />
      {products.isPending ? (
        <PageLoader />
      ) : (
        products.data && (
          <Stack gap="sm">
            {products.data.products.length === 0 ? (
              <Text>{productTexts.noProducts}</Text>
            ) : (
              <TableFrame label="My products" minWidth={560} pinnedActions>
                <Table striped verticalSpacing={6} fz="sm" aria-label="My products">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Product id</Table.Th>
                      <Table.Th>Registered</Table.Th>
                      <Table.Th>Uid</Table.Th>
                      <Table.Th>Hardware version</Table.Th>
                      <ActionsTh />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {products.data.products.map((product) => (
                      <ProductRow key={product.id} product={product} onRequest={setRequesting} />
                    ))}
                  </Table.Tbody>
                </Table>
              </TableFrame>
            )}
          </Stack>
        )
      )}
      <Modal
        opened={requesting !== null}
        onClose={() => setRequesting(null)}
        title={requesting ? `Request calibration certificate for ${requesting.uid}` : ''}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {requesting && (
          <DialogScope>
            <CertificateRequestForm product={requesting} onClose={() => setRequesting(null)} />
          </DialogScope>
        )}
      </Modal>
    </>
  );
}
