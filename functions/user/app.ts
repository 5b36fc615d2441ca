import { userEndpointContract } from '../../shared/contract/user.endpoint';
import { organisationHandlers } from '../domain/organisations/organisations.handlers';
import { createEndpointApp } from '../endpoint';
import { checkRecipient } from './handlers/check-recipient';
import { deleteUserAccount, getAccountDeletion, withdrawAccountDeletion } from './handlers/delete-user-account';
import { acceptEula, addUserDownload, getEulaAcceptances } from './handlers/downloads';
import { getAuditCsv, getAuditEntries } from './handlers/audit';
import { getAdmins } from './handlers/get-admins';
import { deleteIvCurve, getIvCurveFile, getIvCurves, uploadIvCurve } from './handlers/iv-curves';
import { getUserProfile, updateUserProfile } from './handlers/profile';
import { setUserLegacy } from './handlers/set-user-legacy';
import { signOut } from './handlers/sign-out';
import { getUserInformation } from './handlers/user-information';
import { getUserStatistics, getUsers, getUsersCsv } from './handlers/users-list';


export const app = createEndpointApp(userEndpointContract, {
  get_user_profile: getUserProfile,
  check_recipient: checkRecipient,
  update_user_profile: updateUserProfile,
  delete_user_account: deleteUserAccount,
  get_account_deletion: getAccountDeletion,
  withdraw_account_deletion: withdrawAccountDeletion,
  get_admins: getAdmins,
  get_user_information: getUserInformation,
  set_user_legacy: setUserLegacy,
  get_users: getUsers,
  get_users_csv: getUsersCsv,
  get_user_statistics: getUserStatistics,
  get_audit_entries: getAuditEntries,
  get_audit_csv: getAuditCsv,
  sign_out: signOut,
  add_user_download: addUserDownload,
  accept_eula: acceptEula,
  get_eula_acceptances: getEulaAcceptances,
  get_iv_curves: getIvCurves,
  upload_iv_curve: uploadIvCurve,
  get_iv_curve_file: getIvCurveFile,
  delete_iv_curve: deleteIvCurve,
  ...organisationHandlers,
});
