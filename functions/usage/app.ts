import { usageContract } from '../../shared/contract/usage.admin';
import { createEndpointApp } from '../endpoint';
import { getUsage } from './handlers/usage';

/** The `usage` endpoint: the admin's usage statistics. */
export const app = createEndpointApp(usageContract, { get_usage: getUsage });
