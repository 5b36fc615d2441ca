import { licContract } from '../../shared/contract/lic';
import { createEndpointApp } from '../lib/endpoint-app';
import { getLicenseSigningKey, reserveLicense } from './handlers/desktop';
import { getLicenses, getLicenseTypes, getLicenseUsages } from './handlers/licenses';
import { moveLicenseHandler } from './handlers/move-license';
import { returnLicense } from './handlers/return-license';
import { cancelShareLicense, getLicenseSharedUsers, shareLicenseHandler } from './handlers/sharing';

export const app = createEndpointApp(licContract, {
  get_licenses: getLicenses,
  get_license_types: getLicenseTypes,
  get_license_usages: getLicenseUsages,
  get_license_shared_users: getLicenseSharedUsers,
  share_license: shareLicenseHandler,
  cancel_share_license: cancelShareLicense,
  move_license: moveLicenseHandler,
  return_license: returnLicense,
  reserve_license: reserveLicense,
  get_license_signing_key: getLicenseSigningKey,
});
