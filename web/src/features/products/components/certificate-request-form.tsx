import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type * as z from 'zod/mini';
import { type Product, productContract } from '../../../../../shared/contract/product';
import { certificateAddressSchema } from '../../../../../shared/products/certificate-request';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { ErrorBanner } from '../../../components/error-banner';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { productNotices } from '../messages';

const EMPTY = { address1: '', address2: '', zipCode: '', city: '', state: '', country: '' };

/**
 * Request calibration certificate: where to send it (address 1, zip/postal code, city and country
 * required); Request (only when they are filled in) or Cancel. A refused request shows its message in the
 * dialog, which stays open.
 */
export function CertificateRequestForm({ product, onClose }: { product: Product; onClose: () => void }) {
  const request = useCmdMutation(productContract, 'request_certificate');
  const form = useSchemaForm(certificateAddressSchema, EMPTY);
  const submit = useSubmit((values: z.output<typeof certificateAddressSchema>) => request.mutateAsync({ uid: product.uid, ...values }), {
    success: () => productNotices.certificateRequested,
    onSuccess: onClose,
  });

  return (
    <form onSubmit={form.onSubmit(submit.run)} noValidate>
      <Stack gap="sm">
        <ErrorBanner />
        <TextInput label="Address 1" required autoComplete="address-line1" data-autofocus {...form.getInputProps('address1')} />
        <TextInput label="Address 2" autoComplete="address-line2" {...form.getInputProps('address2')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Zip/postal code" required autoComplete="postal-code" {...form.getInputProps('zipCode')} />
          <TextInput label="City" required autoComplete="address-level2" {...form.getInputProps('city')} />
          <TextInput label="State" autoComplete="address-level1" {...form.getInputProps('state')} />
          <TextInput label="Country" required autoComplete="country-name" {...form.getInputProps('country')} />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={submit.pending} disabled={!form.isValid()}>
            Request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
