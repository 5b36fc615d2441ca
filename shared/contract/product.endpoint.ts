import { productAdminContract } from './product.admin';
import { joinContracts } from './define';
import { productContract } from './product';

/** The whole `product` endpoint, as its Lambda serves it: every part of it (never imported by the SPA). */
export const productEndpointContract = joinContracts(productContract, productAdminContract);
