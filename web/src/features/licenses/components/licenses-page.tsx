import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { licContract, type LicenseRow } from '../../../../../shared/contract/lic';
import { userContract } from '../../../../../shared/contract/user';
import type { Membership } from '../../../../../shared/organisations/organisations.contract';
import { useCmdQuery } from '../../../api/cmd-query';
import { OwnUserId } from '../../../components/own-user-id';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { getConfig } from '../../../config';
import { checkRedirect, leaveFor, redirectMessages } from '../../../lib/redirect';
import { paths } from '../../../lib/routing/paths';
import { useOrderCompletion } from '../../checkout';
import { licenseTexts } from '../messages';
import { fromOrganisation } from '../organisation-licenses';
import { useManagedOrganisations } from '../use-managed-organisations';
import { BuyLicenses } from './buy-licenses';
import { LicenseCard, type LicenseCardMode } from './license-card';
import { LicenseSection } from './license-section';
import { MySubscriptions } from './my-subscriptions';
import { RedeemCodeForm } from './redeem-code-form';

/** The one license whose Move, Share or Add to organisation form is open. */
interface OpenForm {
  licenseId: number;
  mode: Exclude<LicenseCardMode, 'view'>;
}

/** The caller's own id, where moving and sharing happen: what a colleague types to move or share a license to them. */
function CallerUserId() {
  const profile = useCmdQuery(userContract, 'get_user_profile', {});
  return profile.data ? <OwnUserId id={profile.data.id} /> : null;
}

interface LicenseCardsProps {
  licenses: readonly LicenseRow[];
  callerId: number;
  organisations: readonly Membership[];
  openForm: OpenForm | null;
  onOpenForm: (form: OpenForm | null) => void;
}

function LicenseCards({ licenses, callerId, organisations, openForm, onOpenForm }: LicenseCardsProps) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {licenses.map((license) => (
        <LicenseCard
          key={license.id}
          license={license}
          callerId={callerId}
          organisations={organisations}
          mode={openForm?.licenseId === license.id ? openForm.mode : 'view'}
          onModeChange={(mode) => onOpenForm(mode === 'view' ? null : { licenseId: license.id, mode })}
        />
      ))}
    </SimpleGrid>
  );
}


/**
 * Your licenses: the caller's own and those shared with them; apart from them, From your organisations:
 * the organisations' licenses others bought that the caller may use as a member, each naming its
 * organisation (shown only when there are any).
 */
function LicenseSections() {
  const licenses = useCmdQuery(licContract, 'get_licenses', {});
  const profile = useCmdQuery(userContract, 'get_user_profile', {});
  const organisations = useManagedOrganisations();
  const [openForm, setOpenForm] = useState<OpenForm | null>(null);
  const loaded = licenses.data && profile.data ? { rows: licenses.data.licenses, callerId: profile.data.id } : null;
  const cards = (rows: readonly LicenseRow[], callerId: number) => (
    <LicenseCards licenses={rows} callerId={callerId} organisations={organisations} openForm={openForm} onOpenForm={setOpenForm} />
  );
  const own = loaded?.rows.filter((license) => !fromOrganisation(license, loaded.callerId)) ?? [];
  const fromOrganisations = loaded?.rows.filter((license) => fromOrganisation(license, loaded.callerId)) ?? [];

  return (
    <>
      <LicenseSection title="Your licenses">
        <CallerUserId />
        {licenses.isPending || profile.isPending ? (
          <PageLoader />
        ) : (
          // A failed load shows its message in red at the top of the page.
          loaded && (own.length === 0 ? <Text>{licenseTexts.empty}</Text> : cards(own, loaded.callerId))
        )}
      </LicenseSection>
      {loaded && fromOrganisations.length > 0 && (
        <LicenseSection title={licenseTexts.fromOrganisations}>{cards(fromOrganisations, loaded.callerId)}</LicenseSection>
      )}
    </>
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
 * caller may take (Move, Share and Stop sharing, Return, Add to organisation), and apart from them the
 * licenses their organisations let them use; the subscriptions they pay for, when they have any; below,
 * buying through the checkout provider's popup and redeeming a license code (for themselves or an
 * organisation they manage). A completed order or a redeemed code reloads the list. Its header leads to
 * Offline activation, for machines without network.
 */
export default function LicensesPage() {
  const buyId = useId();
  const redeemId = useId();
  const redirectRefused = useRedirectQuery();
  useOrderCompletion();
  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageTitle />
        {/* A machine without network gets its seat there, from a request it wrote. */}
        <Button component={Link} to={paths.offlineActivation} variant="default">
          {licenseTexts.offlineActivation}
        </Button>
      </Group>
      {redirectRefused && (
        <Alert color="yellow" variant="light" mb="md" role="alert">
          {redirectMessages.refused}
        </Alert>
      )}
      <Stack gap="xl">
        <LicenseSections />
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
