import { Select, TextInput } from '@mantine/core';
import { productContract } from '../../../../../shared/contract/product';
import { useCmdQuery } from '../../../api/cmd-query';
import { productLabel } from '../../products';
import { ivCurveTexts } from '../messages';

export interface CurveProductFieldProps {
  /** The chosen product's registration id as text ('' none). */
  value: string;
  onChange: (value: string) => void;
  /** The product of the curve being updated, if it has one (an update keeps it unless another is chosen). */
  current: number | null;
  /** An admin may name any registered product, by its Id on Registered products. */
  anyProduct: boolean;
  error: string | null;
}

/**
 * The product a curve belongs to. A customer picks one of their registered units, named as My products
 * names them (product id and uid), since no screen of theirs shows the registration's number the API
 * takes. An admin, who may name any unit, types its Id from Registered products.
 */
export function CurveProductField({ value, onChange, current, anyProduct, error }: CurveProductFieldProps) {
  const updating = current !== null;
  if (anyProduct) {
    return (
      <TextInput
        label="Registered product id"
        description={updating ? ivCurveTexts.productKept : ivCurveTexts.productIdHint}
        inputMode="numeric"
        autoComplete="off"
        maw={280}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
      />
    );
  }
  return <OwnProductSelect value={value} onChange={onChange} current={current} />;
}

function OwnProductSelect({ value, onChange, current }: Pick<CurveProductFieldProps, 'value' | 'onChange' | 'current'>) {
  const products = useCmdQuery(productContract, 'get_products', {});
  const own = products.data?.products ?? [];
  const options = own.map((product) => ({ value: String(product.id), label: productLabel(product) }));
  // A curve's product the caller no longer holds (moved to another user) is still named, by its number.
  if (current !== null && !own.some((product) => product.id === current)) {
    options.push({ value: String(current), label: ivCurveTexts.otherProduct(current) });
  }
  const none = products.isSuccess && options.length === 0;
  return (
    <Select
      label="Product"
      description={current !== null ? ivCurveTexts.productKept : none ? ivCurveTexts.noProducts : ivCurveTexts.productHint}
      placeholder={none ? ivCurveTexts.noProductsPlaceholder : ivCurveTexts.productPlaceholder}
      data={options}
      value={value === '' ? null : value}
      onChange={(chosen) => onChange(chosen ?? '')}
      // An update cannot take a curve's product away: only a new curve's choice can be cleared.
      clearable={current === null}
      allowDeselect={current === null}
      clearButtonProps={{ 'aria-label': 'No product' }}
      disabled={none}
      maw={520}
    />
  );
}
