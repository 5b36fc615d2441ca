import { Button, Menu } from '@mantine/core';
import { useState } from 'react';
import type { AdminLicenseRow } from '../../../../../shared/contract/lic.admin';
import { adminActions, type AdminAction } from '../../../../../shared/licenses/actions';
import { useNotice } from '../../../components/location-notice';
import { useSubmit } from '../../../lib/forms/use-submit';
import { useReleaseLicense, useSetLicenseEnabled } from '../api/license-changes';
import { adminLicenseNotices } from '../messages';
import { EditLicenseForm } from './edit-license-form';
import { FormDialog } from './form-dialog';
import { MoveLicenseForm } from './move-license-form';

/**
 * The admin actions this screen offers. Cancel and Convert of a subscription (spec §4) come with the
 * subscriptions screen: until then they are not offered, rather than offered and refused.
 */
const OFFERED: readonly AdminAction[] = ['release', 'disable', 'enable', 'edit', 'move'];

/** The actions offered on a license: the shared rules (shared/licenses/actions.ts), those this screen has. */
export const offeredActions = (license: AdminLicenseRow): Set<AdminAction> =>
  new Set([...adminActions(license)].filter((action) => OFFERED.includes(action)));

type Dialog = 'edit' | 'move' | null;

/**
 * A license row's actions menu (spec §4): Release a seat a machine holds, Disable or Enable, Edit and
 * Move, each only where the rules allow it. Edit and Move open their form in a dialog; the list reloads
 * after each action, and a confirmation shows at the top of the page.
 */
export function LicenseActionsMenu({ license }: { license: AdminLicenseRow }) {
  const notice = useNotice();
  const [dialog, setDialog] = useState<Dialog>(null);
  const release = useReleaseLicense();
  const setEnabled = useSetLicenseEnabled();
  const releaseSubmit = useSubmit(() => release.mutateAsync(license), {
    onSuccess: () => notice.show(adminLicenseNotices.released(license.id)),
  });
  const enableSubmit = useSubmit((enabled: boolean) => setEnabled.mutateAsync({ licenseId: license.id, enabled }), {
    onSuccess: (_changed, enabled) =>
      notice.show(enabled ? adminLicenseNotices.enabled(license.id) : adminLicenseNotices.disabled(license.id)),
  });
  const actions = offeredActions(license);
  if (actions.size === 0) return null;
  const close = () => setDialog(null);

  return (
    <>
      {/* No focus placeholder: a role="menu" holds only its items (axe aria-required-children). */}
      <Menu position="bottom-end" shadow="md" withinPortal withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button
            size="compact-sm"
            variant="default"
            loading={releaseSubmit.pending || enableSubmit.pending}
            aria-label={`Actions for license ${license.id}`}
          >
            Actions
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.has('release') && <Menu.Item onClick={() => void releaseSubmit.run()}>Release</Menu.Item>}
          {actions.has('disable') && <Menu.Item onClick={() => void enableSubmit.run(false)}>Disable</Menu.Item>}
          {actions.has('enable') && <Menu.Item onClick={() => void enableSubmit.run(true)}>Enable</Menu.Item>}
          {actions.has('edit') && <Menu.Item onClick={() => setDialog('edit')}>Edit</Menu.Item>}
          {actions.has('move') && <Menu.Item onClick={() => setDialog('move')}>Move</Menu.Item>}
        </Menu.Dropdown>
      </Menu>
      <FormDialog opened={dialog === 'edit'} onClose={close} title={`Edit license ${license.id}`}>
        <EditLicenseForm license={license} onClose={close} />
      </FormDialog>
      <FormDialog opened={dialog === 'move'} onClose={close} title={`Move license ${license.id}`}>
        <MoveLicenseForm license={license} onClose={close} />
      </FormDialog>
    </>
  );
}
