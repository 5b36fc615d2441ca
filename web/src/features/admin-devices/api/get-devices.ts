import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CmdInput } from '../../../../../shared/contract/define';
import { productAdminContract } from '../../../../../shared/contract/product.admin';
import { call } from '../../../api/client';

export type DevicesParams = CmdInput<typeof productAdminContract, 'get_devices'>;

/** One page of the produced units: `product/get_devices`. */
export const devicesQueryOptions = (params: DevicesParams) =>
  queryOptions({
    queryKey: ['product', 'get_devices', params],
    queryFn: () => call(productAdminContract, 'get_devices', params),
    placeholderData: keepPreviousData,
  });

export const useDevices = (params: DevicesParams) => useQuery(devicesQueryOptions(params));

/** One unit with its certificates and calibrations (`product/get_device`), loaded when its row opens. */
export const useDevice = (uid: string) =>
  useQuery({ queryKey: ['product', 'get_device', uid], queryFn: () => call(productAdminContract, 'get_device', { uid }) });
