import { Logger } from '@aws-lambda-powertools/logger';

/** One structured JSON logger per function, created once. */
export const logger = new Logger({ serviceName: 'power-portal' });
