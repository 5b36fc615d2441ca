import { type LicenseRow, licContract } from '../../../../../shared/contract/lic';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { MoveToUserForm } from '../../../components/move-to-user-form';
import { licenseNotices, licenseQuestions } from '../messages';

/** Move: the user id the license goes to and their email; Move (checked, then confirmed by name) or Cancel. */
export function MoveLicenseForm({ license, onClose }: { license: LicenseRow; onClose: () => void }) {
  const move = useCmdMutation(licContract, 'move_license', { invalidates: ['get_licenses'] });
  return (
    <MoveToUserForm
      move={(to_user_id) => move.mutateAsync({ license_id: license.id, to_user_id })}
      confirm={(recipient) => licenseQuestions.move(license.id, recipient)}
      moved={(moved) => licenseNotices.moved(moved.license_id, moved.user_id)}
      onClose={onClose}
    />
  );
}
