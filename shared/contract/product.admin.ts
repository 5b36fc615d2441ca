import * as z from 'zod/mini';
import { csvExportSchema } from '../lists/admin-list-params';
import { deviceListColumns, PRODUCT_CSV_ROWS, productListColumns } from '../lists/admin-lists';
import { listOrderParams, listParams } from '../lists/declare';
import { cmd, defineEndpoint } from './define';
import { productSchema, unitUidSchema } from './product';

/** Registered products and produced hardware, 20 a page; the product CSV export, up to 100,000 rows. */
export const ALL_PRODUCTS_PAGE_SIZE = productListColumns.pageSize;
export const DEVICES_PAGE_SIZE = deviceListColumns.pageSize;
export { PRODUCT_CSV_ROWS };

/** A registered unit as the admin list shows it: with its owner's email (`user`, empty when gone). */
export const adminProductRowSchema = () => z.object({ ...productSchema().shape, user: z.string() });
export type AdminProductRow = z.infer<ReturnType<typeof adminProductRowSchema>>;
export const PRODUCT_ORDER_COLUMNS = productListColumns.orderBy;

export const certificateSchema = () => z.object({ created: z.string(), serial_no: z.string(), ean: z.string(), cert: z.string() });
export const calibrationSchema = () => z.object({ created: z.string(), calibration: z.string() });

const deviceFields = () => ({
  id: z.int(),
  created: z.string(),
  updated: z.string(),
  product_id: z.string(),
  serial_no: z.string(),
  uid: z.string(),
  hardware_version: z.string(),
  ems_id: z.string(),
  ean: z.string(),
});
/** A produced unit (serial number, uid, hardware version, EMS id, EAN) with its label certificates and calibrations. */
export const deviceSchema = () => z.object({
  ...deviceFields(),
  certificates: z.array(certificateSchema()),
  calibration: z.array(calibrationSchema()),
});
export type Device = z.infer<ReturnType<typeof deviceSchema>>;
/**
 * A produced unit as the list shows it: how many certificates and calibrations it has (get_device gives
 * them), and who owns it: the user it is registered to (`user_id`, null while unregistered) with their
 * email (`user`, empty when unregistered or gone).
 */
export const deviceRowSchema = () => z.object({
  ...deviceFields(),
  certificate_count: z.int(),
  calibration_count: z.int(),
  user_id: z.nullable(z.int()),
  user: z.string(),
});
export type DeviceRow = z.infer<ReturnType<typeof deviceRowSchema>>;
export const DEVICE_ORDER_COLUMNS = deviceListColumns.orderBy;

/** The `product` endpoint's admin cmds: only admin screens (their own chunks) import this module. */
export const productAdminContract = defineEndpoint({
  path: 'product',
  cmds: {
    /**
     * One page of every registered unit, newest first unless asked otherwise; `search` finds ids, uid, product,
     * owner. `limit` goes up to the export's 100,000 rows (a client builds the product CSV from one call).
     */
    get_all_products: cmd(
      'admin',
      () => listParams(productListColumns),
      () => z.object({ products: z.array(adminProductRowSchema()), count: z.int() }),
      { reads: true, list: productListColumns },
    ),
    /** The searched list as a CSV file (up to 100,000 rows, in the list's order), served at /umdata/{filename}. */
    get_products_csv: cmd(
      'admin',
      () => listOrderParams(productListColumns),
      () => csvExportSchema,
      { reads: true, list: productListColumns },
    ),
    /** How many units are registered (the dashboard). */
    get_product_statistics: cmd('admin', () => ({}), () => z.object({ registered_products: z.int() }), { reads: true }),
    /** Ends a unit's registration: it may be registered again, by anyone. */
    unregister_product: cmd('admin', () => ({ uid: unitUidSchema() }), () => z.object({ uid: z.string() }), { audit: true }),
    /** A produced unit with its certificates and calibrations. */
    get_device: cmd('admin', () => ({ uid: unitUidSchema() }), deviceSchema, { reads: true }),
    /** One page of the produced units, last updated first unless asked otherwise. */
    get_devices: cmd(
      'admin',
      () => listParams(deviceListColumns),
      () => z.object({ devices: z.array(deviceRowSchema()), count: z.int() }),
      { reads: true, list: deviceListColumns },
    ),
  },
});
