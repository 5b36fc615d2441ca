import { handle } from 'hono/aws-lambda';
import { userApp } from './app';

export const handler = handle(userApp);
