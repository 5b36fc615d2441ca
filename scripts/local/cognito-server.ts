/**
 * cognito-local, started the way its own bin does, with two changes for the portal:
 * - mail goes to the local mailbox file (MAILBOX_FILE) with the texts of infra/messages.ts instead
 *   of only to the console;
 * - ResendConfirmationCode, which cognito-local lacks, is answered as Cognito does;
 * - ConfirmSignUp behaves as Cognito's: an unknown user is UserNotFoundException, a confirmed one
 *   NotAuthorizedException, and a confirmed code marks the email verified (it was sent there);
 * - a wrong password at InitiateAuth or ChangePassword is NotAuthorizedException, as in Cognito
 *   (cognito-local says InvalidPasswordException, which Cognito keeps for the password policy).
 * Runs as a child process with its data folder as the working directory; PORT and HOST as cognito-local.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { cognitoMails } from '../../infra/messages';
import { appendRecord } from '../../functions/lib/adapters/local-outbox';

const require = createRequire(import.meta.url);
const lib = join(dirname(require.resolve('cognito-local/package.json')), 'lib');
const load = (path: string) => require(join(lib, path));
const fromCognitoLocal = createRequire(join(lib, 'index.js'));

const AWS = fromCognitoLocal('aws-sdk');
const pino = fromCognitoLocal('pino');
const { loadConfig } = load('server/config');
const { DateClock, TriggersService, LambdaService } = load('services');
const { CognitoServiceFactoryImpl } = load('services/cognitoService');
const { CryptoService } = load('services/crypto');
const { StormDBDataStoreFactory } = load('services/dataStore/stormDb');
const { otp } = load('services/otp');
const { JwtTokenGenerator } = load('services/tokenGenerator');
const { UserPoolServiceFactoryImpl, attributeValue } = load('services/userPoolService');
const { Router } = load('server/Router');
const { createServer } = load('server/server');
const { UserNotFoundError, InvalidParameterError, NotAuthorizedError } = load('errors');

const mailboxFile = process.env.MAILBOX_FILE;
if (!mailboxFile) throw new Error('MAILBOX_FILE is not set');

interface CognitoUser {
  Username: string;
  UserStatus: string;
  Attributes: { Name: string; Value: string }[];
}
interface DeliveryDetails {
  AttributeName: string;
  DeliveryMedium: string;
  Destination: string;
}

/** Replaces cognito-local's MessagesService: the mail Cognito would send, into the mailbox. */
const messages = {
  async deliver(
    _ctx: unknown,
    source: string,
    _clientId: string,
    _userPoolId: string,
    user: CognitoUser,
    code: string,
    _clientMetadata: unknown,
    delivery: DeliveryDetails,
  ) {
    const template = source === 'ForgotPassword' ? cognitoMails.passwordReset : cognitoMails.verification;
    appendRecord(mailboxFile!, {
      to: delivery.Destination || attributeValue('email', user.Attributes),
      subject: template.subject,
      text: template.text.replace('{####}', code),
      code,
    });
  },
};

const logger = pino({ level: process.env.DEBUG ? 'debug' : 'warn' });
const ctx = { logger };
const config = await loadConfig(ctx, new StormDBDataStoreFactory('.cognito'));
const clock = new DateClock();
const dataStoreFactory = new StormDBDataStoreFactory('.cognito/db');
const cognito = await new CognitoServiceFactoryImpl(
  '.cognito/db',
  dataStoreFactory,
  new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
).create(ctx, config.UserPoolDefaults);
const triggers = new TriggersService(
  clock,
  cognito,
  new LambdaService(config.TriggerFunctions, new AWS.Lambda(config.LambdaClient)),
  new CryptoService(config.KMSConfig),
);
const services = {
  clock,
  cognito,
  config,
  messages,
  otp,
  tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
  triggers,
};

/** Cognito's ResendConfirmationCode: a new code for an unconfirmed user, mailed as at sign-up. */
async function resendConfirmationCode(context: unknown, req: { ClientId: string; Username: string; ClientMetadata?: unknown }) {
  const userPool = await cognito.getUserPoolForClientId(context, req.ClientId);
  const user: CognitoUser | null = await userPool.getUserByUsername(context, req.Username);
  if (!user) throw new UserNotFoundError();
  if (user.UserStatus === 'CONFIRMED') throw new InvalidParameterError('User is already confirmed.');
  const delivery = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: attributeValue('email', user.Attributes) };
  const code = otp();
  await messages.deliver(context, 'ResendCode', req.ClientId, userPool.options.Id, user, code, req.ClientMetadata, delivery);
  await userPool.saveUser(context, { ...user, UserLastModifiedDate: clock.get(), ConfirmationCode: code });
  return { CodeDeliveryDetails: delivery };
}

const router = Router(services);

/** ConfirmSignUp as Cognito answers it, around cognito-local's own. */
async function confirmSignUp(context: unknown, req: { ClientId: string; Username: string }) {
  const userPool = await cognito.getUserPoolForClientId(context, req.ClientId);
  const user: CognitoUser | null = await userPool.getUserByUsername(context, req.Username);
  if (!user) throw new UserNotFoundError('Username/client id combination not found.');
  if (user.UserStatus === 'CONFIRMED') throw new NotAuthorizedError('User cannot be confirmed. Current status is CONFIRMED');
  const result = await router('ConfirmSignUp')(context, req);
  const confirmed: CognitoUser = await userPool.getUserByUsername(context, req.Username);
  const attributes = confirmed.Attributes.filter((a) => a.Name !== 'email_verified');
  await userPool.saveUser(context, { ...confirmed, Attributes: [...attributes, { Name: 'email_verified', Value: 'true' }] });
  return result;
}

/** Runs cognito-local's own target, answering a wrong password as Cognito does. */
const wrongPasswordAsCognito = (target: string) => async (context: unknown, req: never) => {
  try {
    return await router(target)(context, req);
  } catch (error) {
    if ((error as { code?: string }).code === 'InvalidPasswordException') throw new NotAuthorizedError('Incorrect username or password.');
    throw error;
  }
};

const overrides: Record<string, (context: unknown, req: never) => Promise<unknown>> = {
  ResendConfirmationCode: resendConfirmationCode,
  ConfirmSignUp: confirmSignUp,
  InitiateAuth: wrongPasswordAsCognito('InitiateAuth'),
  ChangePassword: wrongPasswordAsCognito('ChangePassword'),
};
const portalRouter = (target: string) => overrides[target] ?? router(target);

const server = createServer(portalRouter, logger, config.ServerConfig, services);
await server.start();
logger.warn(`cognito-local for the portal on ${process.env.HOST}:${process.env.PORT}`);
