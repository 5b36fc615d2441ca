import type { LICENSE_CODE_ORDER_COLUMNS } from '../../../../shared/contract/lic.admin';

export type LicenseCodeOrderColumn = (typeof LICENSE_CODE_ORDER_COLUMNS)[number];
