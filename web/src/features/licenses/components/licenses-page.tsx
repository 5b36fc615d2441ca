import { Alert, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { licContract } from '../../../../../shared/contract/lic';
import { userContract } from '../../../../../shared/contract/user';
import { useCmdQuery } from '../../../api/cmd-query';
import { OwnUserId } from '../../../components/own-user-id';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { getConfig } from '../../../config';
import { checkRedirect, leaveFor, redirectMessages } from '../../../lib/redirect';
import { useOrderCompletion } from '../../checkout';
import { licenseTexts } from '../messages';
import { BuyLicenses } from './buy-licenses';
import { LicenseCard, type LicenseCardMode } from './license-card';
import { MySubscriptions } from './my-subscriptions';
import { RedeemCodeForm } from './redeem-code-form';

/** The one license whose Move or Share form is open. */
interface OpenForm {
  licenseId: number;
  mode: Exclude<LicenseCardMode, 'view'>;
}

/** The caller's own id, where moving and sharing happen: what a colleague types to move or share a license to them. */
function CallerUserId() {
  const profile = useCmdQuery(userContract, 'get_user_profile', {});
  return profile.data ? <OwnUserId id={profile.data.id} /> : null;
}

function OwnLicenses() {
  const licenses = useCmdQuery(licContract, 'get_licenses', {});
  const profile = useCmdQuery(userContract, 'get_user_profile', {});
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
 * `redirect` in the query sends the browser there (e.g. back to the shop or the forum), before anything
 * else happens here: a path of this site, or an address on a site the operator allows in /config.json.
 * Any other address is not followed; the answer is true then, and the page says so.
 */
function useRedirectQuery(): boolean {
  const [params] = useSearchParams();
  const decision = checkRedirect(params.get('redirect'), window.location.origin, getConfig().redirectOrigins);
  const target = decision && 'to' in decision ? decision.to : null;
  useEffect(() => {
    if (target) leaveFor(target);
  }, [target]);
  return decision !== null && 'refused' in decision;
}

/**
 * Licenses: the caller's own licenses and those shared with them, each with its state and the actions the
 * caller may take (Move, Share and Stop sharing, Return); the subscriptions they pay for, when they have
 * any; below, buying through the checkout provider's
 * popup and redeeming a license code. A completed order or a redeemed code reloads the list.
 */
export default function LicensesPage() {
  const ownId = useId();
  const buyId = useId();
  const redeemId = useId();
  const redirectRefused = useRedirectQuery();
  useOrderCompletion();
  return (
    <>
      <PageTitle />
      {redirectRefused && (
        <Alert color="yellow" variant="light" mb="md" role="alert">
          {redirectMessages.refused}
        </Alert>
      )}
      <Stack gap="xl">
        <section aria-labelledby={ownId}>
          <Title order={3} id={ownId} mb="sm">
            Your licenses
          </Title>
          <Stack gap="md">
            <CallerUserId />
            <OwnLicenses />
          </Stack>
        </section>
        <MySubscriptions />
        <section aria-labelledby={buyId}>
          <Title order={3} id={buyId} mb="sm">
            Buy licenses
          </Title>
          <BuyLicenses />
        </section>
        <section aria-labelledby={redeemId}>
          <Title order={3} id={redeemId} mb="sm">
            Redeem a license code
          </Title>
          <RedeemCodeForm />
        </section>
      </Stack>
    </>
  );
}
