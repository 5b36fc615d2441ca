import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { useUserProfile } from '../../profile/api/get-user-profile';
import { useLicenses } from '../api/get-licenses';
import { licenseTexts } from '../messages';
import { LicenseCard, type LicenseCardMode } from './license-card';

/** The one license whose Move or Share form is open. */
interface OpenForm {
  licenseId: number;
  mode: Exclude<LicenseCardMode, 'view'>;
}

function OwnLicenses() {
  const licenses = useLicenses();
  const profile = useUserProfile();
  const [openForm, setOpenForm] = useState<OpenForm | null>(null);

  if (licenses.isPending || profile.isPending) return <PageLoader />;
  // A failed load shows its message in red at the top of the page.
  if (!licenses.data || !profile.data) return null;
  if (licenses.data.licenses.length === 0) return <Text>{licenseTexts.empty}</Text>;

  const callerId = profile.data.id;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {licenses.data.licenses.map((license) => (
        <LicenseCard
          key={license.id}
          license={license}
          callerId={callerId}
          mode={openForm?.licenseId === license.id ? openForm.mode : 'view'}
          onModeChange={(mode) => setOpenForm(mode === 'view' ? null : { licenseId: license.id, mode })}
        />
      ))}
    </SimpleGrid>
  );
}

/**
 * Licenses: the caller's own licenses and those shared with them, each with its state and the actions the
 * caller may take (Move, Share and Stop sharing, Return); below, the place where buying licenses will be.
 */
export default function LicensesPage() {
  const ownId = useId();
  const buyId = useId();
  return (
    <>
      <PageTitle />
      <Stack gap="xl">
        <section aria-labelledby={ownId}>
          <Title order={3} id={ownId} mb="sm">
            Your licenses
          </Title>
          <OwnLicenses />
        </section>
        {/* Buying comes with the checkout: until then this place says so, and offers nothing to click. */}
        <section aria-labelledby={buyId}>
          <Title order={3} id={buyId} mb="sm">
            Buy licenses
          </Title>
          <Text c="dimmed">{licenseTexts.buyUnavailable}</Text>
        </section>
      </Stack>
    </>
  );
}
