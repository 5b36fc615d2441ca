import type { DomainDeclaration } from '../../lib/records/domain';
import { deviceKind } from './device.kind';

/** The devices domain: the produced units (a registered unit's owner is the products domain's). */
export const devicesDomain = {
  domain: 'devices',
  kinds: [deviceKind],
  parts: [],
} as const satisfies DomainDeclaration;
