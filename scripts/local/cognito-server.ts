/**
 * cognito-local, started the way its own bin does, with these changes for the portal:
 * - mail goes to the local mailbox file (MAILBOX_FILE) with the texts of infra/messages.ts instead
 *   of only to the console;
 * - ResendConfirmationCode, which cognito-local lacks, is answered as Cognito does;
 * - ConfirmSignUp behaves as Cognito's: an unknown user is UserNotFoundException, a confirmed one
 *   NotAuthorizedException, and a confirmed code marks the email verified (it was sent there);
 * - a wrong password at InitiateAuth or ChangePassword is NotAuthorizedException, as in Cognito
 *   (cognito-local says InvalidPasswordException, which Cognito keeps for the password policy);
 * - tokens carry `origin_jti`, the same for every token of one sign-in and its refreshes, as Cognito's
 *   do when token revocation is on (the API revokes sign-ins by it);
 * - the code for a changed email goes to the new address, through the CustomMessage trigger, and a
 *   trigger that fails makes the change fail (UserLambdaValidationException), as in Cognito;
 * - the answer to an MFA challenge must carry the Session its InitiateAuth issued, for that user, within
 *   Cognito's three minutes, and the refresh token it issues works (cognito-local accepts any session and
 *   forgets the refresh token);
 * - web pages of other origins than the portal's are refused (cognito-local itself answers any origin);
 * - LocalSeedSoftwareToken, a local-only call, gives a user an authenticator with a known secret, so the
 *   demo admin can be answered by scripts and people (Cognito itself only ever generates the secret).
 * Runs as a child process with its data folder as the working directory; PORT and HOST as cognito-local.
 */
import { writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
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
const jwt = fromCognitoLocal('jsonwebtoken');
const signingKey: string = load('keys/cognitoLocal.private.json').pem;

const mailboxFile = process.env.MAILBOX_FILE;
if (!mailboxFile) throw new Error('MAILBOX_FILE is not set');

interface CognitoUser {
  Username: string;
  UserStatus: string;
  Attributes: { Name: string; Value: string }[];
  /** An email change waiting for its code (the pool keeps the original until then). */
  UnverifiedAttributeChanges?: { Name: string; Value: string }[];
}
interface DeliveryDetails {
  AttributeName: string;
  DeliveryMedium: string;
  Destination: string;
}

/** Messages that carry a code for an email address the user is changing to. */
const emailChangeSources = new Set(['UpdateUserAttribute', 'VerifyUserAttribute']);

/** Replaces cognito-local's MessagesService: the mail Cognito would send, into the mailbox. */
const messages = {
  async deliver(
    ctx: unknown,
    source: string,
    clientId: string,
    userPoolId: string,
    user: CognitoUser,
    code: string,
    clientMetadata: unknown,
    delivery: DeliveryDetails,
  ) {
    const pendingEmail = user.UnverifiedAttributeChanges?.find((a) => a.Name === 'email')?.Value;
    if (emailChangeSources.has(source)) {
      // Cognito runs the CustomMessage trigger first; if it fails, so does the call, and no code goes out.
      const email = pendingEmail ?? attributeValue('email', user.Attributes);
      const userAttributes = Object.fromEntries([...user.Attributes, { Name: 'email', Value: email }].map((a) => [a.Name, a.Value]));
      await lambda.invoke(ctx, 'CustomMessage', {
        clientId,
        clientMetadata,
        codeParameter: '{####}',
        usernameParameter: '{username}',
        triggerSource: `CustomMessage_${source}`,
        userAttributes,
        username: user.Username,
        userPoolId,
      });
    }
    const template = source === 'ForgotPassword' ? cognitoMails.passwordReset : cognitoMails.verification;
    appendRecord(mailboxFile!, {
      to: pendingEmail ?? (delivery.Destination || attributeValue('email', user.Attributes)),
      subject: template.subject,
      text: template.text.replace('{####}', code),
      code,
    });
  },
};

/** A StormDB database as cognito-local's data stores hold it: the state, written whole by its engine. */
interface StormDb {
  state: unknown;
  save(): Promise<unknown>;
  engine: { path: string; serialize(state: unknown): string };
}

/** How long a change may wait before the pool's file is written. */
const WRITE_BEHIND_MS = 2_000;
const unwritten = new Set<StormDb>();

/** Writes every data store with changes not yet written. */
function writeUnwritten(): void {
  for (const db of unwritten) writeFileSync(db.engine.path, db.engine.serialize(db.state));
  unwritten.clear();
}

/**
 * cognito-local writes a pool's whole file, every user in it, on every change (each sign-in keeps a
 * refresh token): with the hundreds of users a test run makes, that was most of its CPU. Its stores
 * answer from memory, so here a change is written within WRITE_BEHIND_MS, with whatever else changed
 * meanwhile, and at once when the emulator is stopped.
 */
class WriteBehindDataStoreFactory extends StormDBDataStoreFactory {
  constructor(directory: string) {
    super(directory);
  }

  async create(...args: unknown[]) {
    const store = (await super.create(...args)) as { db: StormDb };
    const { db } = store;
    db.save = async () => {
      if (unwritten.size === 0) setTimeout(writeUnwritten, WRITE_BEHIND_MS).unref();
      unwritten.add(db);
    };
    return store;
  }
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    writeUnwritten();
    process.exit(0);
  });
}

const logger = pino({ level: process.env.DEBUG ? 'debug' : 'warn' });
const ctx = { logger };
const config = await loadConfig(ctx, new StormDBDataStoreFactory('.cognito'));
const clock = new DateClock();
const dataStoreFactory = new WriteBehindDataStoreFactory('.cognito/db');
const cognito = await new CognitoServiceFactoryImpl(
  '.cognito/db',
  dataStoreFactory,
  new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
).create(ctx, config.UserPoolDefaults);
const lambda = new LambdaService(config.TriggerFunctions, new AWS.Lambda(config.LambdaClient));
const triggers = new TriggersService(clock, cognito, lambda, new CryptoService(config.KMSConfig));
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

interface AuthAnswer {
  AuthenticationResult?: { AccessToken?: string; IdToken?: string; RefreshToken?: string };
  ChallengeName?: string;
  Session?: string;
  ChallengeParameters?: Record<string, string>;
}

/** The answer's access and id tokens, signed again with `origin_jti` added. */
function withOrigin(answer: AuthAnswer, origin: string | undefined): AuthAnswer {
  const result = answer.AuthenticationResult;
  if (!result || !origin) return answer;
  const stamp = (token?: string) =>
    token && jwt.sign({ ...jwt.decode(token), origin_jti: origin }, signingKey, { algorithm: 'RS256', keyid: 'CognitoLocal' });
  return { ...answer, AuthenticationResult: { ...result, AccessToken: stamp(result.AccessToken), IdToken: stamp(result.IdToken) } };
}

/**
 * The challenges InitiateAuth handed out, by Session: whose they are and until when. Cognito answers a
 * challenge only with the session it issued, for three minutes; a wrong code may be tried again.
 */
const CHALLENGE_SESSION_MS = 3 * 60_000;
const challengeSessions = new Map<string, { username: string; challenge: string; expires: number }>();

function rememberChallenge(answer: { ChallengeName?: string; Session?: string; ChallengeParameters?: Record<string, string> }) {
  const username = answer.ChallengeParameters?.USER_ID_FOR_SRP;
  if (!answer.ChallengeName || !answer.Session || !username) return;
  for (const [session, { expires }] of challengeSessions) if (expires < Date.now()) challengeSessions.delete(session);
  challengeSessions.set(answer.Session, { username, challenge: answer.ChallengeName, expires: Date.now() + CHALLENGE_SESSION_MS });
}

interface ChallengeAnswer {
  ClientId: string;
  ChallengeName?: string;
  Session?: string;
  ChallengeResponses?: Record<string, string>;
}

/** RespondToAuthChallenge as Cognito answers it: only the issued session, and the refresh token is kept. */
async function respondToAuthChallenge(context: unknown, req: ChallengeAnswer) {
  const issued = req.Session ? challengeSessions.get(req.Session) : undefined;
  if (!issued || issued.expires < Date.now() || issued.challenge !== req.ChallengeName || issued.username !== req.ChallengeResponses?.USERNAME) {
    throw new NotAuthorizedError('Invalid session for the user, session is expired.');
  }
  const answer = (await router('RespondToAuthChallenge')(context, req)) as AuthAnswer;
  challengeSessions.delete(req.Session!);
  const refreshToken = answer.AuthenticationResult?.RefreshToken;
  if (refreshToken) {
    const userPool = await cognito.getUserPoolForClientId(context, req.ClientId);
    await userPool.storeRefreshToken(context, refreshToken, await userPool.getUserByUsername(context, issued.username));
  }
  return withOrigin(answer, jtiOf(refreshToken));
}

/** Local only: an authenticator with the given base32 secret, verified and preferred, for a user of the pool. */
async function seedSoftwareToken(context: unknown, req: { UserPoolId: string; Username: string; Secret: string }) {
  const userPool = await cognito.getUserPool(context, req.UserPoolId);
  const user = await userPool.getUserByUsername(context, req.Username);
  if (!user) throw new UserNotFoundError();
  if (!/^[A-Z2-7]{16,}=*$/.test(req.Secret ?? '')) throw new InvalidParameterError('Secret must be base32, 16 characters or more');
  await userPool.saveUser(context, {
    ...user,
    SoftwareTokenMfaConfiguration: { Secret: req.Secret, Verified: true },
    UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
    PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
  });
  return {};
}

const jtiOf = (token?: string): string | undefined => (token ? (jwt.decode(token) as { jti?: string } | null)?.jti : undefined);

/**
 * A sign-in's tokens name it by the refresh token's id: at a password sign-in (or the answer to its
 * challenge) the refresh token issued, at a refresh the one presented.
 */
const signInAnswer = (target: string) => async (context: unknown, req: { AuthFlow?: string; AuthParameters?: Record<string, string> }) => {
  const answer = (await wrongPasswordAsCognito(target)(context, req as never)) as AuthAnswer;
  rememberChallenge(answer);
  const refreshing = req.AuthFlow?.startsWith('REFRESH_TOKEN');
  return withOrigin(answer, jtiOf(refreshing ? req.AuthParameters?.REFRESH_TOKEN : answer.AuthenticationResult?.RefreshToken));
};

const overrides: Record<string, (context: unknown, req: never) => Promise<unknown>> = {
  ResendConfirmationCode: resendConfirmationCode,
  ConfirmSignUp: confirmSignUp,
  InitiateAuth: signInAnswer('InitiateAuth'),
  RespondToAuthChallenge: respondToAuthChallenge,
  LocalSeedSoftwareToken: seedSoftwareToken,
  ChangePassword: wrongPasswordAsCognito('ChangePassword'),
};
const portalRouter = (target: string) => overrides[target] ?? router(target);

/**
 * cognito-local answers every origin (CORS `*`); the portal's emulator answers the portal's own pages
 * only (ALLOWED_ORIGINS), as no other web site may drive sign-ins, sign-ups or tokens in the browser.
 * A request with any other Origin, preflight included, gets 403 and no CORS headers; callers that are
 * no web page (the SDK in Node, the tests) send no Origin and go through.
 */
const allowedOrigins = new Set((process.env.ALLOWED_ORIGINS ?? '').split(',').filter(Boolean));
const { application } = createServer(portalRouter, logger, config.ServerConfig, services);
const server = createHttpServer((request, response) => {
  const origin = request.headers.origin;
  if (origin !== undefined && !allowedOrigins.has(origin)) {
    response.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Origin not allowed' }));
    return;
  }
  application(request, response);
});
await new Promise<void>((resolve, reject) => {
  server.once('error', reject);
  server.listen(Number(process.env.PORT), process.env.HOST, () => resolve());
});
logger.warn(`cognito-local for the portal on ${process.env.HOST}:${process.env.PORT}`);
