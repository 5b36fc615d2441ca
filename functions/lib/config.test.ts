import { describe, expect, it } from 'vitest';
import { ENV } from '../../shared/runtime';
import { DEFAULT_SESSION_RECHECK_SECONDS, getConfig, validateEnvironment } from './config';
import { runAs } from './runtime-env';

const tableAndPool = { table: ['GetItem'], poolIds: true } as const;
const complete = { [ENV.tableName]: 'portal', [ENV.userPoolId]: 'pool', [ENV.userPoolClientId]: 'client' };

const configOf = (env: Record<string, string>) => runAs({ name: 'config-test', needs: {}, env }, getConfig);

describe("a function's environment", () => {
  it('passes when every variable the unit needs is set and every value read is valid', () => {
    expect(() => validateEnvironment(tableAndPool, complete)).not.toThrow();
    expect(() => validateEnvironment({}, {})).not.toThrow();
  });

  it('names every variable the unit needs that is missing, then every value that is not valid', () => {
    const env = {
      [ENV.userPoolId]: '',
      [ENV.cognitoIssuer]: 'not a url',
      [ENV.sessionRecheckSeconds]: '61',
      AWS_REGION: '',
    };
    expect(() => validateEnvironment(tableAndPool, env)).toThrow(
      `Function environment is incomplete or invalid: ${ENV.tableName}, ${ENV.userPoolId}, ${ENV.userPoolClientId}, ${ENV.userPoolId}, ${ENV.cognitoIssuer}, ${ENV.sessionRecheckSeconds}, AWS_REGION`,
    );
  });

  it('takes a secret or a parameter in place of the value it delivers', () => {
    expect(() => validateEnvironment({ secrets: ['originVerify'] }, { ORIGIN_VERIFY_SECRET_SECRET_ID: 'id' })).not.toThrow();
  });

  it.each(['-1', '1.5', '61', 'soon', 'Infinity'])('refuses %s as the seconds between session checks', (seconds) => {
    expect(() => validateEnvironment({}, { [ENV.sessionRecheckSeconds]: seconds })).toThrow(ENV.sessionRecheckSeconds);
  });

  it('reads the region, the table, the pool and the session interval, with their defaults', () => {
    expect(configOf(complete)).toEqual({
      region: 'us-east-1',
      tableName: 'portal',
      auth: { userPoolId: 'pool', userPoolClientId: 'client', issuer: 'https://cognito-idp.us-east-1.amazonaws.com/pool' },
      sessionRecheckSeconds: DEFAULT_SESSION_RECHECK_SECONDS,
    });
    expect(
      configOf({ ...complete, AWS_REGION: 'eu-west-1', [ENV.cognitoIssuer]: ' http://127.0.0.1:9229/pool\n', [ENV.sessionRecheckSeconds]: '0' }),
    ).toEqual({
      region: 'eu-west-1',
      tableName: 'portal',
      auth: { userPoolId: 'pool', userPoolClientId: 'client', issuer: 'http://127.0.0.1:9229/pool' },
      sessionRecheckSeconds: 0,
    });
    expect(configOf({ AWS_REGION: 'eu-west-1' }).auth).toBeUndefined();
  });

  it('refuses to read an environment with a value that is not valid', () => {
    expect(() => configOf({ ...complete, [ENV.sessionRecheckSeconds]: '5.5' })).toThrow(`Function environment is invalid: ${ENV.sessionRecheckSeconds}`);
  });
});
