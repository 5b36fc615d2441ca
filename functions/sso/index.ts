import { handle } from 'hono/aws-lambda';
import { ssoApp } from './app';

export const handler = handle(ssoApp);
