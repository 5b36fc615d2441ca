import { useMutation } from '@tanstack/react-query';
import type { CmdInput } from '../../../../../shared/contract/define';
import { productContract } from '../../../../../shared/contract/product';
import { call } from '../../../api/client';

export type CertificateRequestInput = CmdInput<typeof productContract, 'request_certificate'>;

/** Asks support for a unit's calibration certificate: `product/request_certificate`. Changes no list. */
export const useRequestCertificate = () =>
  useMutation({ mutationFn: (input: CertificateRequestInput) => call(productContract, 'request_certificate', input) });
