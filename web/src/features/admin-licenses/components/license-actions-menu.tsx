import { ActionIcon, Menu } from '@mantine/core';
import { useState } from 'react';
import { licContract } from '../../../../../shared/contract/lic';
import type { AdminLicenseRow } from '../../../../../shared/contract/lic.admin';
import { adminActions } from '../../../../../shared/licenses/actions';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { ErrorBanner } from '../../../components/error-banner';
import { FormDialog } from '../../../components/form-dialog';
import { useSubmit } from '../../../lib/forms/use-submit';
import { SubscriptionActionConfirm } from '../../admin-subscriptions';
import { useSetLicenseEnabled } from '../license-changes';
import { adminLicenseNotices, adminLicenseQuestions } from '../messages';
import { EditLicenseForm } from './edit-license-form';
import { LicenseHistory } from './license-history';
import { LicenseOrganisationForm } from './license-organisation-form';
import { MoveLicenseForm } from './move-license-form';

type Dialog = 'edit' | 'move' | 'organisation' | 'cancel' | 'convert' | 'history' | null;

/** Three dots: the usual mark of a menu of more actions (drawn, so no icon font is needed). */
function MoreIcon() {
  return (
    <svg viewBox="0 0 24 24" width={18} height={18} fill="currentColor" aria-hidden="true">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}

/**
 * A license row's actions menu: Release a seat a machine holds, Disable or Enable, Edit, Move and
 * Organisation (put it into one, or take it out); for an active subscription, Cancel subscription and
 * (Pro with one add-on) Convert subscription; each only where the rules allow it; History (every license)
 * lists its recorded changes. Edit, Move and Organisation open their form in a dialog, Cancel and Convert
 * ask for Confirm in one; Release and Disable ask first. The list reloads after each action, and its
 * result shows as a notification.
 */
export function LicenseActionsMenu({ license }: { license: AdminLicenseRow }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const release = useCmdMutation(licContract, 'return_license', { invalidates: ['get_all_licenses'] });
  const setEnabled = useSetLicenseEnabled();
  const releaseSubmit = useSubmit(() => release.mutateAsync({ license_id: license.id, fingerprint: license.fingerprint ?? '' }), {
    confirm: () => adminLicenseQuestions.release(license.id, license.hostname),
    success: () => adminLicenseNotices.released(license.id),
  });
  const enableSubmit = useSubmit((enabled: boolean) => setEnabled.mutateAsync({ licenseId: license.id, enabled }), {
    // Disabling takes the license away from its user; enabling gives it back, and asks nothing.
    confirm: (enabled) => (enabled ? undefined : adminLicenseQuestions.disable(license.id, license.user_id, license.user)),
    success: (_changed, enabled) => (enabled ? adminLicenseNotices.enabled(license.id) : adminLicenseNotices.disabled(license.id)),
  });
  // The shared rules (shared/licenses/actions.ts), which the server checks too.
  // History is a read: every license has it, whatever else the rules allow.
  const actions = adminActions(license);
  // An organisation manages a license's seat: one the admin may edit, and not on a dongle (it has no seat).
  const organisation = actions.has('edit') && !license.hid;
  const close = () => setDialog(null);

  return (
    <>
      {/* No focus placeholder: a role="menu" holds only its items (axe aria-required-children). */}
      <Menu position="bottom-end" shadow="md" withinPortal withInitialFocusPlaceholder={false}>
        <Menu.Target>
          {/* An icon, not a word: the column stays narrow enough for every column of All licenses on a laptop. */}
          <ActionIcon
            variant="default"
            loading={releaseSubmit.pending || enableSubmit.pending}
            aria-label={`Actions for license ${license.id}`}
            title="Actions"
          >
            <MoreIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.has('release') && <Menu.Item onClick={() => void releaseSubmit.run()}>Release</Menu.Item>}
          {actions.has('disable') && <Menu.Item onClick={() => void enableSubmit.run(false)}>Disable</Menu.Item>}
          {actions.has('enable') && <Menu.Item onClick={() => void enableSubmit.run(true)}>Enable</Menu.Item>}
          {actions.has('edit') && <Menu.Item onClick={() => setDialog('edit')}>Edit</Menu.Item>}
          {actions.has('move') && <Menu.Item onClick={() => setDialog('move')}>Move</Menu.Item>}
          {organisation && <Menu.Item onClick={() => setDialog('organisation')}>Organisation</Menu.Item>}
          {actions.has('cancel_subscription') && <Menu.Item onClick={() => setDialog('cancel')}>Cancel subscription</Menu.Item>}
          {actions.has('convert_subscription') && <Menu.Item onClick={() => setDialog('convert')}>Convert subscription</Menu.Item>}
          <Menu.Item onClick={() => setDialog('history')}>History</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <FormDialog opened={dialog === 'edit'} onClose={close} title={`Edit license ${license.id}`}>
        <EditLicenseForm license={license} onClose={close} />
      </FormDialog>
      <FormDialog opened={dialog === 'organisation'} onClose={close} title={`Organisation of license ${license.id}`}>
        <LicenseOrganisationForm license={license} onClose={close} />
      </FormDialog>
      <FormDialog opened={dialog === 'history'} onClose={close} title={`History of license ${license.id}`}>
        <LicenseHistory licenseId={license.id} />
      </FormDialog>
      <FormDialog opened={dialog === 'move'} onClose={close} title={`Move license ${license.id}`}>
        <MoveLicenseForm license={license} onClose={close} />
      </FormDialog>
      {(['cancel', 'convert'] as const).map((action) => (
        <FormDialog
          key={action}
          opened={dialog === action}
          onClose={close}
          title={`${action === 'cancel' ? 'Cancel' : 'Convert'} subscription of license ${license.id}`}
        >
          {license.subscription_id !== null && (
            <>
              <ErrorBanner />
              <SubscriptionActionConfirm
                action={action}
                subscriptionId={license.subscription_id}
                licenseId={license.id}
                onDone={close}
                onCancel={close}
              />
            </>
          )}
        </FormDialog>
      ))}
    </>
  );
}
