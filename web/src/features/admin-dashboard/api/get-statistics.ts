import { useQuery } from '@tanstack/react-query';
import { caseAdminContract } from '../../../../../shared/contract/case.admin';
import { licAdminContract } from '../../../../../shared/contract/lic.admin';
import { productAdminContract } from '../../../../../shared/contract/product.admin';
import { usageContract } from '../../../../../shared/contract/usage.admin';
import { userAdminContract } from '../../../../../shared/contract/user.admin';
import { call } from '../../../api/client';

/** The dashboard's figures, each from its domain's statistics cmd (counters on the server). */
export const useLicenseStatistics = () => useQuery({ queryKey: ['lic/5', 'get_license_statistics'], queryFn: () => call(licAdminContract, 'get_license_statistics', {}) });
export const useUserStatistics = () => useQuery({ queryKey: ['user', 'get_user_statistics'], queryFn: () => call(userAdminContract, 'get_user_statistics', {}) });
export const useProductStatistics = () => useQuery({ queryKey: ['product', 'get_product_statistics'], queryFn: () => call(productAdminContract, 'get_product_statistics', {}) });
export const useCaseStatistics = () => useQuery({ queryKey: ['case', 'get_case_statistics'], queryFn: () => call(caseAdminContract, 'get_case_statistics', {}) });

/** How far ahead the dashboard lists licenses that end. */
export const ENDING_WITHIN_DAYS = 30;

/** The licenses ending in the next 30 days, soonest first: a page of the declared All licenses list. */
export const endingLicensesParams = { expires_within: ENDING_WITHIN_DAYS, expired_in: 0, order_by: 'valid_to', descending: false, limit: 20, page: 1 } as const;
export const useEndingLicenses = () =>
  useQuery({ queryKey: ['lic/5', 'get_all_licenses', endingLicensesParams], queryFn: () => call(licAdminContract, 'get_all_licenses', endingLicensesParams) });

/** The usage entity: `usage/get_usage`. */
export const useUsage = () => useQuery({ queryKey: ['usage', 'get_usage'], queryFn: () => call(usageContract, 'get_usage', {}) });
