import { queryOptions, useQuery } from '@tanstack/react-query';
import { licContract } from '../../../../../shared/contract/lic';
import { call } from '../../../api/client';

/** The license types (id and name): `lic/5/get_license_types`. A fixed list: read once a session. */
export const licenseTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['lic/5', 'get_license_types'] as const,
    queryFn: () => call(licContract, 'get_license_types', {}),
    staleTime: Infinity,
  });

/** The license usages (id and name): `lic/5/get_license_usages`. A fixed list: read once a session. */
export const licenseUsagesQueryOptions = () =>
  queryOptions({
    queryKey: ['lic/5', 'get_license_usages'] as const,
    queryFn: () => call(licContract, 'get_license_usages', {}),
    staleTime: Infinity,
  });

export const useLicenseTypes = () => useQuery(licenseTypesQueryOptions());
export const useLicenseUsages = () => useQuery(licenseUsagesQueryOptions());

/** The license types and usages as select choices (value: the id as text). */
export function useLicenseChoices() {
  const types = useLicenseTypes();
  const usages = useLicenseUsages();
  return {
    types: (types.data?.license_types ?? []).map((type) => ({ value: type.id, label: type.name })),
    usages: (usages.data?.license_usages ?? []).map((usage) => ({ value: String(usage.id), label: usage.name })),
  };
}

/** A license type's name by its id (the id itself until the types are in). */
export function useLicenseTypeName(): (id: string) => string {
  const types = useLicenseTypes();
  return (id) => types.data?.license_types.find((type) => type.id === id)?.name ?? id;
}
