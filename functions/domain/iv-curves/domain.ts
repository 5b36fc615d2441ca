import type { Forget } from '../../lib/user-data';
import { ivCurveKind } from './iv-curve.kind';
import type { DomainDeclaration } from '../../lib/records/domain';
import { IvCurveUsageEntity } from './iv-curve-usage.entity';
import { IvCurveEntity } from './iv-curve.entity';
import { forgetPrivateCurvesOf } from './iv-curves';

/** A deleted user's private curves go, files first; public ones stay. */
export const forgetIvCurves: Forget = (user) => forgetPrivateCurvesOf(user.id);

/** The IV curves domain: the user's curves and their files, and the usage their limits count. */
export const ivCurvesDomain = {
  domain: 'iv-curves',
  kinds: [ivCurveKind],
  parts: [
    {
      what: 'IV curves and their files: private ones deleted (file first), public ones kept',
      entities: [IvCurveEntity],
      fate: 'delete',
      why: 'a private curve is only its owner\'s; a public one an admin published for everyone, and it names its owner by id only',
    },
    {
      what: 'the count and bytes of the user\'s curves (their upload limits)',
      entities: [IvCurveUsageEntity],
      fate: 'keep',
      why: 'it still counts the public curves that stay; numbers only',
    },
  ],
  forget: forgetIvCurves,
} as const satisfies DomainDeclaration;
