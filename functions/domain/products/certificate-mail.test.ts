import { describe, expect, it } from 'vitest';
import { certificateRequestMail } from './certificate-mail';

describe('certificate request mail', () => {
  it('names the unit and the requester and gives the address line by line, leaving out the empty optional lines', () => {
    const mail = certificateRequestMail(
      {
        id: 7,
        product: { id: 3, uid: 'ARC439041041', product_id: 'Arc', hardware_version: '1.2', ean: '7350063470017' } as never,
        requester: { id: 42, username: 'dana', email: 'dana@example.com', first_name: 'Dana', last_name: 'Lee', company: '' },
        address: { address1: 'Main street 1', address2: '', zipCode: '211 20', city: 'Malmö', state: '', country: 'Sweden' },
      },
      'help@example.org',
    );
    expect(mail.to).toBe('help@example.org');
    expect(mail.subject).toBe('Calibration certificate request for unit ARC439041041');
    expect(mail.text.split('\n')).toEqual([
      'Calibration certificate request 7',
      '',
      'Unit: ARC439041041 (product Arc, hardware version 1.2, EAN 7350063470017, registration 3)',
      'Requested by: Dana Lee <dana@example.com>, user 42 (dana)',
      '',
      'Send the certificate to:',
      'Main street 1',
      '211 20 Malmö',
      'Sweden',
    ]);
  });
});
