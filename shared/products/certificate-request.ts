import * as z from 'zod/mini';
import { singleLineText } from '../validation';
import { certificateRequestMessages } from './messages';

const required = (message: string) => singleLineText(200).check(z.minLength(1, message));
const optional = () => z.optional(z.nullable(singleLineText(200)));

/**
 * The certificate request's address: address 1, zip/postal code, city
 * and country required; address 2 and state optional. The form and the server check the same rules.
 */
export const certificateAddressShape = {
  address1: required(certificateRequestMessages.address1),
  address2: optional(),
  zipCode: required(certificateRequestMessages.zipCode),
  city: required(certificateRequestMessages.city),
  state: optional(),
  country: required(certificateRequestMessages.country),
};
export const certificateAddressSchema = z.object(certificateAddressShape);
export type CertificateAddress = z.infer<typeof certificateAddressSchema>;
