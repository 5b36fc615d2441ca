import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { CaseLicense, CaseProduct } from '../../../../../shared/contract/case';
import { paths, withQuery } from '../../../lib/routing/paths';
import { productLabel } from '../../products';
import { caseTexts } from '../messages';

/**
 * Where a case's license or product links to: a customer's own Licenses or My products page; an admin's
 * All licenses narrowed to the license, Registered products searched for the unit's uid.
 */
const licenseLink = (license: CaseLicense, isAdmin: boolean) => (isAdmin ? withQuery(paths.allLicenses, { id: String(license.id) }) : paths.licenses);
const productLink = (product: CaseProduct, isAdmin: boolean) => (isAdmin ? withQuery(paths.allProducts, { search: product.uid }) : paths.myProducts);

/** What the case is about (the license and/or product named when it was opened), each a link; nothing when it names neither. */
export function CaseSubject({ license, product, isAdmin }: { license?: CaseLicense | null; product?: CaseProduct | null; isAdmin: boolean }) {
  if (!license && !product) return null;
  return (
    <Group gap="xs">
      <Text size="sm">{caseTexts.about}:</Text>
      {license && (
        <Anchor component={Link} to={licenseLink(license, isAdmin)} size="sm">
          {caseTexts.licenseLabel(license)}
        </Anchor>
      )}
      {product && (
        <Anchor component={Link} to={productLink(product, isAdmin)} size="sm">
          {productLabel(product)}
        </Anchor>
      )}
    </Group>
  );
}
