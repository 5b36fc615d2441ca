import { Anchor, Button, Card, DataList, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { type LicenseRow, licContract } from '../../../../../shared/contract/lic';
import type { Membership } from '../../../../../shared/organisations/organisations.contract';
import { customerActions } from '../../../../../shared/licenses/actions';
import { LICENSE_TYPES } from '../../../../../shared/licenses/catalog';
import { isPerpetual, licenseStateText } from '../../../../../shared/licenses/display';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { Detail } from '../../../components/detail';
import { personText } from '../../../components/person';
import { TermHelp } from '../../../components/term-help';
import { formatDay } from '../../../lib/dates';
import { useSubmit } from '../../../lib/forms/use-submit';
import { organisationPath } from '../../organisations';
import { seatHistoryPath } from '../../seat-history';
import { licenseNotices, licenseQuestions, licenseTexts } from '../messages';
import { inOrganisation } from '../organisation-licenses';
import { renewalItem } from '../renewal';
import { sharedPeople } from '../shared-people';
import { licenseTerms } from '../terms';
import { AddToOrganisationForm } from './add-to-organisation-form';
import { BuyAgainButton } from './buy-again-button';
import { FloatingSeatsButton, FloatingSeatsDetail, isFloating } from './floating-seats';
import { MoveLicenseForm } from './move-license-form';
import { ShareLicenseForm } from './share-license-form';

/** What a license's card shows below its details: its action buttons, or one of its forms. */
export type LicenseCardMode = 'view' | 'move' | 'share' | 'organisation';

const typeName = (id: string) => LICENSE_TYPES.find((type) => type.id === id)?.name ?? id;

/** Add-ons by name; BatteryValidation with its number of channels. */
const addonsText = (addons: LicenseRow['addons']) =>
  addons
    .map(({ id, attributes }) => (attributes.channels === undefined ? id : `${id} (${attributes.channels} channels)`))
    .join(', ');

/**
 * The machine holding the seat; when it is someone else's, whose: by name when the license links the
 * caller to them (a recipient, for the owner; the owner, for a recipient), else "another user" (a
 * recipient is not told who the other recipients are).
 */
function machineText(license: LicenseRow, callerId: number): string {
  const machine = license.hostname ?? 'A machine';
  if (license.reserved_to === null || license.reserved_to === callerId) return machine;
  const owner = license.user_id === callerId;
  const whose = license.reserved_to_name || owner ? personText({ id: license.reserved_to, name: license.reserved_to_name }) : 'another user';
  return `${machine} (${whose})`;
}

/** Whom an organisation's seat is for: the caller, another member, or the pool. */
function seatForText(license: LicenseRow, callerId: number): string {
  if (license.assigned_to === undefined || license.assigned_to === null) return licenseTexts.seatForPool;
  return license.assigned_to === callerId ? licenseTexts.seatForYou : licenseTexts.seatForOther;
}

/** The organisation a license belongs to, linking to its screen (its members may open it). */
function OrganisationLink({ license }: { license: LicenseRow }) {
  if (!license.organisation_id) return null;
  return (
    <Anchor component={Link} to={organisationPath(license.organisation_id)} size="sm">
      {license.organisation_name || `Organisation ${license.organisation_id}`}
    </Anchor>
  );
}

function ReturnButton({ license }: { license: LicenseRow }) {
  const giveBack = useCmdMutation(licContract, 'return_license', { invalidates: ['get_licenses'] });
  const submit = useSubmit(() => giveBack.mutateAsync({ license_id: license.id, fingerprint: license.fingerprint ?? '' }), {
    confirm: () => licenseQuestions.return(license.id, license.hostname, license.lease_end ?? null),
    success: () => licenseNotices.returned(license.id),
  });
  return (
    <Button variant="default" loading={submit.pending} onClick={() => void submit.run()}>
      Return
    </Button>
  );
}

interface LicenseCardProps {
  license: LicenseRow;
  /** The signed-in user's numeric id: which actions they may take depends on it. */
  callerId: number;
  mode: LicenseCardMode;
  onModeChange: (mode: LicenseCardMode) => void;
  /** The organisations the caller owns or administers: an own license of theirs may be added to one. */
  organisations: readonly Membership[];
}

/**
 * One license: its id, state text, type, usage (each word with what it means), validity, add-ons, who shared it, the machine or dongle
 * holding it (a floating license: its seats and how many are in use), the organisation it belongs to and
 * whom its seat is for; and only the actions the caller may take on it (Move, Share, Return, Add to
 * organisation, a floating license's Seats), each form in place of the buttons while it is open; Buy again
 * on a license about to end. An organisation's license is neither shared nor moved.
 */
export function LicenseCard({ license, callerId, mode, onModeChange, organisations }: LicenseCardProps) {
  const headingId = useId();
  const actions = customerActions(license, callerId);
  // A license about to end (or ended) that the shop sells again: Buy again leads into buying it.
  const renewal = renewalItem(license, callerId);
  const state = licenseStateText(license);
  const owner = license.user_id === callerId;
  // Its owner may give an own license (not on a dongle, which has no seat) to an organisation they manage.
  const canAddToOrganisation = owner && !inOrganisation(license) && !license.hid && organisations.length > 0;
  // A form opens only for an action the caller may still take (the list may have changed meanwhile).
  const open =
    (mode === 'move' && actions.has('move')) || (mode === 'share' && actions.has('share')) || (mode === 'organisation' && canAddToOrganisation)
      ? mode
      : 'view';
  const close = () => onModeChange('view');
  // A license on a dongle has no seat, so no seat history.
  const hasSeat = !license.hid;

  return (
    <Card withBorder padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <div>
          <Group justify="space-between" align="baseline" gap="xs">
            <Title order={4} id={headingId}>
              License {license.id}
            </Title>
            {state && (
              <Text fw={600} size="sm" c={license.expired || !license.enabled ? 'red' : undefined}>
                {state}
              </Text>
            )}
          </Group>
          {license.shared_by !== null && (
            <Text size="sm" c="dimmed">
              Shared by {license.shared_by_name || license.shared_by}
            </Text>
          )}
        </div>

        <DataList size="sm" gap={4} labelWidth={104}>
          <Detail label="Type">
            {typeName(license.license_type_id)}
            <TermHelp term={`type ${typeName(license.license_type_id)}`}>{licenseTerms.type(license.license_type_id)}</TermHelp>
          </Detail>
          <Detail label="Usage">
            {license.license_usage}
            <TermHelp term={`usage ${license.license_usage}`}>{licenseTerms.usage(license.license_usage_id, license.license_usage)}</TermHelp>
          </Detail>
          <Detail label="Valid from">{formatDay(license.valid_from)}</Detail>
          <Detail label="Valid to">{isPerpetual(license.valid_to) ? 'Perpetual' : formatDay(license.valid_to ?? '')}</Detail>
          {license.addons.length > 0 && (
            <Detail label="Add-ons">
              {addonsText(license.addons)}
              <TermHelp term="these add-ons">{licenseTerms.addons(license.addons)}</TermHelp>
            </Detail>
          )}
          {isFloating(license) && <FloatingSeatsDetail license={license} />}
          {license.reserved_to !== null && <Detail label="Machine">{machineText(license, callerId)}</Detail>}
          {license.hid && <Detail label="Dongle">{license.hid}</Detail>}
          {inOrganisation(license) && (
            <>
              <Detail label="Organisation">
                <OrganisationLink license={license} />
              </Detail>
              <Detail label="Seat for">{seatForText(license, callerId)}</Detail>
            </>
          )}
          {/* While the Share form is open, its own list says whom the license is shared with. */}
          {owner && open !== 'share' && !inOrganisation(license) && license.shared_users.length > 0 && (
            <Detail label="Shared with">
              {sharedPeople({ user_ids: license.shared_users, users: license.shared_with })
                .map((person) => personText({ ...person, withId: true }))
                .join(', ')}
            </Detail>
          )}
        </DataList>

        {open === 'move' && <MoveLicenseForm license={license} onClose={close} />}
        {open === 'share' && <ShareLicenseForm license={license} canStop={actions.has('stop_sharing')} onClose={close} />}
        {open === 'organisation' && <AddToOrganisationForm license={license} organisations={organisations} onClose={close} />}
        {open === 'view' && (actions.size > 0 || renewal || canAddToOrganisation || isFloating(license) || hasSeat) && (
          <Group gap="sm">
            {actions.has('move') && (
              <Button variant="default" onClick={() => onModeChange('move')}>
                Move
              </Button>
            )}
            {actions.has('share') && (
              <Button variant="default" onClick={() => onModeChange('share')}>
                Share
              </Button>
            )}
            {canAddToOrganisation && (
              <Button variant="default" onClick={() => onModeChange('organisation')}>
                {licenseTexts.addToOrganisation}
              </Button>
            )}
            {actions.has('return') && <ReturnButton license={license} />}
            {isFloating(license) && <FloatingSeatsButton license={license} />}
            {hasSeat && (
              <Button component={Link} to={seatHistoryPath(license.id)} variant="default">
                Seat history
              </Button>
            )}
            {renewal && <BuyAgainButton item={renewal} />}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
