import { Select } from '@mantine/core';
import { licContract } from '../../../../../shared/contract/lic';
import { productContract } from '../../../../../shared/contract/product';
import { useCmdQuery } from '../../../api/cmd-query';
import { productLabel } from '../../products';
import { caseTexts } from '../messages';

/** The license or product a new case is about, or null for neither. */
export type SubjectChoice = { kind: 'license' | 'product'; id: number } | null;

/** The choice as create_case takes it: `license_id` or `product_id`, or nothing. */
export const subjectParams = (choice: SubjectChoice): { license_id?: number; product_id?: number } =>
  choice === null ? {} : choice.kind === 'license' ? { license_id: choice.id } : { product_id: choice.id };

const optionValue = (kind: 'license' | 'product', id: number) => `${kind}:${id}`;
const encode = (choice: SubjectChoice) => (choice === null ? null : optionValue(choice.kind, choice.id));
function decode(value: string | null): SubjectChoice {
  const [kind, id] = value?.split(':') ?? [];
  return (kind === 'license' || kind === 'product') && id ? { kind, id: Number(id) } : null;
}

/**
 * Which of the caller's licenses (their own and those shared with them) or registered products the case
 * is about, named as Licenses and My products name them; optional, and cleared back to none.
 */
export function CaseSubjectSelect({ value, onChange }: { value: SubjectChoice; onChange: (choice: SubjectChoice) => void }) {
  const licenses = useCmdQuery(licContract, 'get_licenses', {});
  const products = useCmdQuery(productContract, 'get_products', {});
  const licenseOptions = (licenses.data?.licenses ?? []).map((license) => ({ value: optionValue('license', license.id), label: caseTexts.licenseLabel(license) }));
  const productOptions = (products.data?.products ?? []).map((product) => ({ value: optionValue('product', product.id), label: productLabel(product) }));
  const data = [
    ...(licenseOptions.length ? [{ group: caseTexts.subjectLicenses, items: licenseOptions }] : []),
    ...(productOptions.length ? [{ group: caseTexts.subjectProducts, items: productOptions }] : []),
  ];
  const none = licenses.isSuccess && products.isSuccess && data.length === 0;
  return (
    <Select
      label={caseTexts.subjectField}
      placeholder={none ? caseTexts.noSubjects : caseTexts.subjectPlaceholder}
      data={data}
      value={encode(value)}
      onChange={(chosen) => onChange(decode(chosen))}
      clearable
      clearButtonProps={{ 'aria-label': 'About nothing in particular' }}
      disabled={none}
      searchable
      nothingFoundMessage="No match"
    />
  );
}
