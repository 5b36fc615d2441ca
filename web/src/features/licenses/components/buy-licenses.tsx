import { Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { SALES_CATALOGUE, type CatalogueItem } from '../../../../../shared/commerce/catalogue';
import { BuyingSection, CartSummary, ProductLines } from '../../checkout';
import { licenseTexts } from '../messages';

const shelf = (name: CatalogueItem['shelf']) => SALES_CATALOGUE.filter((item) => item.shelf === name).map((item) => ({ item }));

const licenses = shelf('licenses');
const addons = shelf('addons');
const services = shelf('services');

function Shelf({ title, note, lines }: { title: string; note?: string; lines: ReturnType<typeof shelf> }) {
  return (
    <Stack gap="xs">
      <div>
        <Title order={4}>{title}</Title>
        {note && (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        )}
      </div>
      <ProductLines lines={lines} label={title} />
    </Stack>
  );
}

/**
 * Buying on the Licenses screen: the licenses and add-ons of the sales catalogue (and its services with
 * `services=true`), each with a quantity of 0 to 10 that updates the provider's cart, then the cart and
 * Checkout. The new licenses join the list above once the order completed.
 */
export function BuyLicenses() {
  const [params] = useSearchParams();
  return (
    <BuyingSection unavailable={licenseTexts.buyUnavailable}>
      <Stack gap="lg">
        <Shelf title="New licenses" note={licenseTexts.licensesShelf} lines={licenses} />
        <Shelf title="Add-ons" note={licenseTexts.addonsShelf} lines={addons} />
        {params.get('services') === 'true' && <Shelf title="Services" lines={services} />}
        <CartSummary />
      </Stack>
    </BuyingSection>
  );
}
