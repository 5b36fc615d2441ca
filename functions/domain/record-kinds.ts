import { deletionRequestKind } from './accounts/deletion-request.kind';
import { caseKind } from './cases/case.kind';
import { codeKind } from './codes/code.kind';
import { subscriptionKind } from './commerce/subscription.kind';
import { deviceKind } from './devices/device.kind';
import { ivCurveKind } from './iv-curves/iv-curve.kind';
import { licenseKind } from './licenses/license.kind';
import { latestKind, newsKind } from './news/news.kind';
import { productKind } from './products/product.kind';
import { userKind } from './users/user.kind';

/**
 * Every declared record kind (lib/records/record-kind.ts). Only checks and tools import this list: a
 * function imports the kinds it writes, so its bundle carries no other domain's.
 */
export const recordKinds = [licenseKind, codeKind, subscriptionKind, productKind, deviceKind, userKind, ivCurveKind, caseKind, newsKind, latestKind, deletionRequestKind] as const;
