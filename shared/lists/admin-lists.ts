import { declareListColumns } from './declare';

/**
 * Every admin list's shared part (declare.ts): what its cmd's `order_by` takes, its default order and
 * its page size. The contract modules build their params from these, the web app's list screens their
 * order and paging, the server its pages (functions/lib/lists/declare-list.ts).
 */

/** All licenses (and the dongles, the licenses with a hid): 20 a page, newest first. State sorts by days left. */
export const licenseListColumns = declareListColumns({
  kind: 'licenses',
  orderBy: ['id', 'created', 'user', 'company', 'license_type_id', 'license_usage', 'enabled', 'valid_from', 'valid_to', 'reserved_to', 'state', 'shared_count'],
  defaultOrder: { orderBy: 'created', descending: true },
  pageSize: 20,
});
/**
 * Its filters' defaults: no expired license; any end within 9999 days, which includes no end. Here, not
 * in the contract, so the server's list reads them without loading every admin cmd's schema.
 */
export const DEFAULT_EXPIRED_IN = 0;
export const DEFAULT_EXPIRES_WITHIN = 9999;

/** License codes: 40 a page, newest first. */
export const codeListColumns = declareListColumns({
  kind: 'codes',
  orderBy: ['id', 'created', 'code', 'description', 'license_type_id', 'license_usage', 'single_usage', 'duration', 'valid_from', 'valid_to', 'used', 'used_by'],
  defaultOrder: { orderBy: 'created', descending: true },
  pageSize: 40,
});

/** Subscriptions: 40 a page, newest first. */
export const subscriptionListColumns = declareListColumns({
  kind: 'subscriptions',
  orderBy: ['id', 'created', 'license_id', 'index', 'state', 'user', 'product', 'renews_at'],
  defaultOrder: { orderBy: 'created', descending: true },
  pageSize: 40,
});

/** The product CSV export's rows: the file of get_products_csv, or one call of get_all_products. */
export const PRODUCT_CSV_ROWS = 100_000;

/**
 * Registered products: 20 a page, newest first. A client builds the product CSV export from one call with
 * `limit` up to its 100,000 rows (answered compressed to a client that accepts it: functions/lib/answer-body.ts).
 */
export const productListColumns = declareListColumns({
  kind: 'products',
  orderBy: ['id', 'created', 'product_id', 'uid', 'hardware_version', 'user_id', 'user', 'license_id', 'ean'],
  defaultOrder: { orderBy: 'created', descending: true },
  pageSize: 20,
  maxLimit: PRODUCT_CSV_ROWS,
});

/** Produced units (devices): 20 a page, last updated first. */
export const deviceListColumns = declareListColumns({
  kind: 'devices',
  orderBy: ['id', 'created', 'updated', 'product_id', 'serial_no', 'uid', 'hardware_version', 'ems_id', 'ean', 'user'],
  defaultOrder: { orderBy: 'updated', descending: true },
  pageSize: 20,
});

/**
 * Users: 100 a page, lowest id first; the other lists join their owners from it. The counts (arc, ace:
 * registered units of that product; pro, automation, battery: licenses of that type the user owns) are
 * kept on the row in the transaction of the writes that change them (functions/domain/users/user-holdings.ts).
 */
export const userListColumns = declareListColumns({
  kind: 'users',
  orderBy: [
    'id', 'created', 'last_active', 'email', 'first_name', 'last_name', 'company',
    'arc', 'ace', 'pro', 'automation', 'battery', 'username', 'legacy', 'accepted_marketing',
  ],
  defaultOrder: { orderBy: 'id', descending: false },
  pageSize: 100,
});

/** IV curves: 20 a page, newest (highest id) first; a call without `limit` (no params) gets at most 1000. */
export const ivCurveListColumns = declareListColumns({
  kind: 'iv-curves',
  orderBy: ['id', 'product_id', 'version', 'created', 'user_id', 'user', 'public', 'manufacturer', 'model', 'unit'],
  defaultOrder: { orderBy: 'id', descending: true },
  pageSize: 20,
  defaultLimit: 1000,
});

/** Support cases: 20 a page, last updated first. */
export const caseListColumns = declareListColumns({
  kind: 'cases',
  orderBy: ['id', 'created', 'updated', 'title', 'user', 'state', 'assigned_to', 'attachment_count'],
  defaultOrder: { orderBy: 'updated', descending: true },
  pageSize: 20,
});

/** The audit trail of admin actions (and customers' moves and shares): 20 a page (up to 100), newest first. */
export const auditListColumns = declareListColumns({
  kind: 'audit',
  orderBy: ['id', 'at', 'by_user_id', 'action', 'target'],
  defaultOrder: { orderBy: 'at', descending: true },
  pageSize: 20,
});
