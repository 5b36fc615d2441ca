import type { LicenseRow } from '../../../../../shared/contract/lic';
import { MoveToUserForm } from '../../../components/move-to-user-form';
import { useMoveLicense } from '../api/move-license';
import { licenseNotices, licenseQuestions } from '../messages';

/** Move: the user id the license goes to; Move (only with a user filled in, and confirmed) or Cancel. */
export function MoveLicenseForm({ license, onClose }: { license: LicenseRow; onClose: () => void }) {
  const move = useMoveLicense();
  return (
    <MoveToUserForm
      move={(to_user_id) => move.mutateAsync({ license_id: license.id, to_user_id })}
      confirm={(toUserId) => licenseQuestions.move(license.id, toUserId)}
      moved={(moved) => licenseNotices.moved(moved.license_id, moved.user_id)}
      onClose={onClose}
    />
  );
}
