import { List, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { MAX_PURCHASE_QUANTITY } from '../../../../../shared/commerce/catalogue';
import { type LicenseRow, licContract } from '../../../../../shared/contract/lic';
import { userContract } from '../../../../../shared/contract/user';
import { LICENSE_TYPES } from '../../../../../shared/licenses/catalog';
import { isPerpetual } from '../../../../../shared/licenses/display';
import { useCmdQuery } from '../../../api/cmd-query';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { formatDay } from '../../../lib/dates';
import { BuyingSection, CartSummary, ProductLines, useOrderCompletion } from '../../checkout';
import { legacyTexts } from '../messages';
import { upgradeOffers, yearOneItems } from '../upgrades';

const typeName = (id: string) => LICENSE_TYPES.find((type) => type.id === id)?.name ?? id;

/** "License 12: All, valid to 2026-05-01". */
const licenseText = (license: LicenseRow) =>
  `License ${license.id}: ${typeName(license.license_type_id)}, ${
    isPerpetual(license.valid_to) ? 'perpetual' : `valid to ${formatDay(license.valid_to ?? '')}`
  }`;

const yearOneLines = yearOneItems.map((item) => ({ item }));

/** The upgrades the caller's own licenses are marked for, each at most once per such license. */
function Upgrades() {
  const licenses = useCmdQuery(licContract, 'get_licenses', {});
  const profile = useCmdQuery(userContract, 'get_user_profile', {});
  if (licenses.isPending || profile.isPending) return <PageLoader />;
  // A failed load shows its message in red at the top of the page.
  if (!licenses.data || !profile.data) return null;

  const offers = upgradeOffers(licenses.data.licenses, profile.data.id);
  if (offers.length === 0) return <Text c="dimmed">{legacyTexts.noUpgrades}</Text>;
  return (
    <ProductLines
      label="Upgrades"
      lines={offers.map(({ item, licenses: marked }) => ({
        item,
        max: Math.min(marked.length, MAX_PURCHASE_QUANTITY),
        note: (
          <List size="sm" mt={4} spacing={0} aria-label={`Licenses for ${item.licenseType}`}>
            {marked.map((license) => (
              <List.Item key={license.id}>{licenseText(license)}</List.Item>
            ))}
          </List>
        ),
      }))}
    />
  );
}

/**
 * Buy legacy licenses (only for users an admin allowed it): new one-year licenses (Year 1), and the
 * upgrades an admin marked the caller's licenses with, as many as there are such licenses. The cart and
 * the provider's popup are the same as on the Licenses screen.
 */
export default function LegacyPage() {
  const yearOneId = useId();
  const upgradesId = useId();
  useOrderCompletion();
  return (
    <>
      <PageTitle />
      <BuyingSection unavailable={legacyTexts.buyUnavailable}>
        <Stack gap="xl">
          <section aria-labelledby={yearOneId}>
            <Title order={3} id={yearOneId}>
              Year 1
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {legacyTexts.yearOneIntro}
            </Text>
            <ProductLines label="Year 1" lines={yearOneLines} />
          </section>
          <section aria-labelledby={upgradesId}>
            <Title order={3} id={upgradesId}>
              Upgrades
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {legacyTexts.upgradesIntro}
            </Text>
            <Upgrades />
          </section>
          <CartSummary />
        </Stack>
      </BuyingSection>
    </>
  );
}
