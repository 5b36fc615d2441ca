import * as z from 'zod/mini';
import { certificateAddressShape } from '../products/certificate-request';
import { cmd, defineEndpoint } from './define';
import { productSchema } from './rows/product';

/**
 * A hardware unit's uid as the desktop app reads it from the unit. Uids are case-insensitive: every uid
 * is stored in upper case (the import makes it so) and one given in any case is read as its upper case.
 */
export const unitUidSchema = () => z.string().check(z.trim(), z.toUpperCase(), z.minLength(1), z.maxLength(64), z.regex(/^[\w.:-]+$/));
const id = () => z.int().check(z.positive());

export { productSchema, type Product } from './rows/product';

/**
 * The `product` endpoint's cmds for every signed-in user: their registered units. The admin cmds are in
 * product.admin.ts, so a customer's chunks never carry them.
 */
export const productContract = defineEndpoint({
  path: 'product',
  cmds: {
    /** The caller's registered units, newest first. */
    get_products: cmd('user', () => ({}), () => z.object({ products: z.array(productSchema()) })),
    /**
     * Registers a connected unit (the desktop app) for the caller: a unit production made, that no other
     * user holds. Registering one's own unit again answers with it, unchanged.
     */
    register_product: cmd('user', () => ({ uid: unitUidSchema() }), productSchema, { limits: ['registerProduct'] }),
    /** Gives an owned unit to another user (an admin: any unit); recorded as a user action for both. */
    move_product: cmd('user', () => ({ product_id: id(), to_user_id: id() }), () => z.object({ product_id: z.int(), uid: z.string(), user_id: z.int() }), { limits: ['moveProduct'], audit: true }),
    /** Asks support for a calibration certificate of an owned unit, sent to the address given; kept. */
    request_certificate: cmd('user', () => ({ uid: unitUidSchema(), ...certificateAddressShape }), () => z.object({ id: z.int(), uid: z.string() })),
  },
});
