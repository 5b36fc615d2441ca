import type { Forget } from '../../lib/user-data';
import { productsCounted } from './product-figures';
import { productKind } from './product.kind';
import type { DomainDeclaration } from '../../lib/records/domain';
import { CertificateRequestEntity } from './certificate-request.entity';
import { productOfRecord } from './product-list';
import { ProductEntity } from './product.entity';
import { productsOf, releaseProductsOf } from './products.repository';

/** The products domain's part of the admin user detail: their registered products, newest first. */
export const productsUserDetail = async (userId: number) => ({ products: (await productsOf(userId)).map(productOfRecord) });

/** A deleted user's units are unregistered. */
export const forgetProducts: Forget = (user, now) => releaseProductsOf(user.id, now);

/** The products domain: the units the user registered, and certificate requests with their address. */
export const productsDomain = {
  domain: 'products',
  kinds: [productKind],
  counted: productsCounted,
  parts: [
    { what: 'registered products (their units)', entities: [ProductEntity], fate: 'release', why: 'the unit is unregistered: its next owner registers it' },
    {
      what: 'calibration certificate requests (their address)',
      entities: [CertificateRequestEntity],
      fate: 'delete',
      why: 'the address is personal data; the mail to support was sent when asked',
    },
  ],
  forget: forgetProducts,
  detail: productsUserDetail,
} as const satisfies DomainDeclaration;
