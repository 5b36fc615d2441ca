import { licContract } from '../../../shared/contract/lic';
import { useCmdQuery } from '../api/cmd-query';

/** The license types and usages are fixed lists: read once a session. */
const ONCE = { staleTime: Infinity };

/** The license types (`lic/5/get_license_types`) and usages (`lic/5/get_license_usages`) as select choices (value: the id as text). */
export function useLicenseChoices() {
  const types = useCmdQuery(licContract, 'get_license_types', {}, ONCE);
  const usages = useCmdQuery(licContract, 'get_license_usages', {}, ONCE);
  return {
    types: (types.data?.license_types ?? []).map((type) => ({ value: type.id, label: type.name })),
    usages: (usages.data?.license_usages ?? []).map((usage) => ({ value: String(usage.id), label: usage.name })),
  };
}

/** A license type's name by its id (the id itself until the types are in). */
export function useLicenseTypeName(): (id: string) => string {
  const types = useCmdQuery(licContract, 'get_license_types', {}, ONCE);
  return (id) => types.data?.license_types.find((type) => type.id === id)?.name ?? id;
}
