import { endpointHandler } from '../lib/lambda-entry';
import { app } from './app';

export const handler = endpointHandler('usage', app);
