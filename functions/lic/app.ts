import { licEndpointContract } from '../../shared/contract/lic.endpoint';
import { createEndpointApp } from '../endpoint';
import {
  addLicenseAddon,
  createLicenseHandler,
  disableLicense,
  enableLicense,
  removeLicenseAddon,
  updateLicense,
  updateLicenseAddon,
} from './handlers/admin-licenses';
import { getAllLicenses, getLicenseDongles, getLicenseUsers } from './handlers/all-licenses';
import { getLicenseSigningKey, reserveLicense } from './handlers/desktop';
import { getLicenseStatistics } from './handlers/license-statistics';
import { getLicenses, getLicenseTypes, getLicenseUsages } from './handlers/licenses';
import { moveLicenseHandler } from './handlers/move-license';
import { createLicenseCodes, getLicenseCodes, redeemLicenseCode } from './handlers/license-codes';
import { returnLicense } from './handlers/return-license';
import {
  cancelSubscription,
  convertProSubscription,
  getSubscription,
  getSubscriptions,
  updateLicenseToFastspring,
} from './handlers/subscriptions';
import { cancelShareLicense, getLicenseSharedUsers, shareLicenseHandler } from './handlers/sharing';
import { getMySubscriptions } from './handlers/my-subscriptions';
import { getLicenseHistory } from './handlers/license-history';
import { organisationSeatHandlers } from '../domain/organisations/organisation-seats.handlers';
import { offlineSeatHandlers } from './handlers/offline-seats';
import { floatingSeatsView } from './handlers/floating';
import { seatHistoryHandlers } from './handlers/seat-history';

export const app = createEndpointApp(licEndpointContract, {
  get_licenses: getLicenses,
  get_license_types: getLicenseTypes,
  get_license_usages: getLicenseUsages,
  get_license_shared_users: getLicenseSharedUsers,
  share_license: shareLicenseHandler,
  cancel_share_license: cancelShareLicense,
  move_license: moveLicenseHandler,
  return_license: returnLicense,
  reserve_license: reserveLicense,
  get_floating_seats: ({ license_id }, { viewer }) => floatingSeatsView(viewer, license_id),
  get_license_signing_key: getLicenseSigningKey,
  get_all_licenses: getAllLicenses,
  get_license_users: getLicenseUsers,
  get_license_dongles: getLicenseDongles,
  get_license_statistics: getLicenseStatistics,
  create_license: createLicenseHandler,
  update_license: updateLicense,
  disable_license: disableLicense,
  enable_license: enableLicense,
  add_license_addon: addLicenseAddon,
  update_license_addon: updateLicenseAddon,
  remove_license_addon: removeLicenseAddon,
  redeem_license_code: redeemLicenseCode,
  create_license_codes: createLicenseCodes,
  get_license_codes: getLicenseCodes,
  update_license_to_fastspring: updateLicenseToFastspring,
  get_subscriptions: getSubscriptions,
  get_subscription: getSubscription,
  cancel_subscription: cancelSubscription,
  convert_pro_subscription: convertProSubscription,
  get_license_history: getLicenseHistory,
  get_my_subscriptions: getMySubscriptions,
  ...organisationSeatHandlers,
  ...offlineSeatHandlers,
  ...seatHistoryHandlers,
});
