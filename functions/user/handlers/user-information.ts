import { apiMessages } from '../../../shared/api';
import type { userAdminContract } from '../../../shared/contract/user.admin';
import { userDownloads } from '../../domain/downloads/downloads.repository';
import { userActions } from '../../domain/licenses/licenses.repository';
import { productOfRecord } from '../../domain/products/product-list';
import { productsOf } from '../../domain/products/products.repository';
import { findUserById } from '../../domain/users/users.repository';
import { timeOfKey } from '../../lib/db/time-key';
import { notFound } from '../../lib/errors';
import type { EndpointHandlers } from '../../lib/endpoint-app';

/** A user's detail for admins: who they are, what was moved to or from them, and their downloads, newest first. */
export const getUserInformation: EndpointHandlers<typeof userAdminContract>['get_user_information'] = async ({ user_id }) => {
  const user = await findUserById(user_id);
  if (!user) throw notFound(apiMessages.userNotFound(user_id));
  const [actions, downloads, products] = await Promise.all([userActions(user_id), userDownloads(user_id), productsOf(user_id)]);
  return {
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      company: user.company,
      legacy: user.legacy,
      created: user.created,
    },
    actions: actions.map((action) => ({
      id: action.at,
      created: timeOfKey(action.at),
      action: action.action,
      license_id: action.license_id ?? null,
      product_id: action.product_id ?? null,
      from_user_id: action.from_user_id ?? 0,
      to_user_id: action.to_user_id ?? 0,
      by_user_id: action.by_user_id,
    })),
    userDownloads: downloads.map((download) => ({
      id: download.at,
      created: timeOfKey(download.at),
      client_version: download.client_version,
      os: download.os,
      arch: download.arch,
    })),
    products: products.map(productOfRecord),
  };
};
