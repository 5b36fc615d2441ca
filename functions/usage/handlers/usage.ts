import type { usageContract } from '../../../shared/contract/usage.admin';
import { readUsage } from '../../domain/usage/usage-figures';
import type { EndpointHandlers } from '../../endpoint';

/** The usage entity from the usage counters (usage-figures.ts): a Query per figure, no list load. */
export const getUsage: EndpointHandlers<typeof usageContract>['get_usage'] = () => readUsage();
