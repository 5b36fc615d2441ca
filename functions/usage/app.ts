import { usageContract } from '../../shared/contract/usage.admin';
import { createEndpointApp } from '../lib/endpoint-app';
import { getUsage } from './handlers/usage';

/** The `usage` endpoint: the admin's usage statistics. */
export const app = createEndpointApp(usageContract, { get_usage: getUsage });
