import type { CertificateAddress } from '../../../shared/products/certificate-request';
import { getEmailSender } from '../../lib/adapters/email';
import { supportAddress } from '../support-desk';
import type { UserRecord } from '../users/users.repository';
import type { ProductRecord } from './products.repository';

/** The mail support acts on: who asks, for which unit, and where to send the certificate. */
export function certificateRequestMail(request: { id: number; product: ProductRecord; requester: Pick<UserRecord, 'id' | 'username' | 'email' | 'first_name' | 'last_name' | 'company'>; address: CertificateAddress }, to: string) {
  const { id, product, requester, address } = request;
  const lines = [
    `Calibration certificate request ${id}`,
    '',
    `Unit: ${product.uid} (product ${product.product_id}, hardware version ${product.hardware_version}, EAN ${product.ean}, registration ${product.id})`,
    `Requested by: ${requester.first_name} ${requester.last_name} <${requester.email}>, user ${requester.id} (${requester.username})${requester.company ? `, ${requester.company}` : ''}`,
    '',
    'Send the certificate to:',
    address.address1,
    ...(address.address2 ? [address.address2] : []),
    `${address.zipCode} ${address.city}`,
    ...(address.state ? [address.state] : []),
    address.country,
  ];
  return { to, subject: `Calibration certificate request for unit ${product.uid}`, text: lines.join('\n') };
}

export async function sendCertificateRequestMail(request: Parameters<typeof certificateRequestMail>[0]): Promise<void> {
  await getEmailSender().send(certificateRequestMail(request, supportAddress()));
}
