import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  SignUpCommand,
  UserNotFoundException,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP } from '../../shared/runtime';
import { createUser, findUserBySub } from '../../functions/domain/users/users.repository';
import { attributeRecord } from '../../functions/lib/cognito';
import { runAs, type FunctionRuntime } from '../../functions/lib/runtime-env';
import { seedDemoCases } from './seed-cases';
import { seedDemoCodes } from './seed-codes';
import { seedDemoDevices } from './seed-devices';
import { seedDemoHistory } from './seed-history';
import { seedDemoIvCurves } from './seed-iv-curves';
import { seedDemoLicenses } from './seed-licenses';
import { seedDemoNews } from './seed-news';
import { seedDemoMembers, seedDemoOrganisation } from './seed-organisations';
import { seedDemoSubscriptions } from './seed-subscriptions';
import { seedDemoCustomers } from './seed-users';
import { backfillNeverCounted, counterScriptNeeds } from '../../functions/domain/counted-records';

export interface DemoAccount {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  company: string;
  admin: boolean;
}

export const demoAccounts: DemoAccount[] = [
  { username: 'admin', email: 'admin@example.com', first_name: 'Ada', last_name: 'Admin', company: 'Power Tools Inc.', admin: true },
  { username: 'demo', email: 'demo@example.com', first_name: 'Dana', last_name: 'Demo', company: 'Demo Labs', admin: false },
  // A customer with licenses bought over the last 14 months: the dashboard's charts have a history to show.
  { username: 'fleet', email: 'fleet@example.com', first_name: 'Flo', last_name: 'Fleet', company: 'Fleet Measurements', admin: false },
  // A member of the demo customer's organisation who owns no license: works on its pooled seats.
  { username: 'lab', email: 'lab@example.com', first_name: 'Lee', last_name: 'Lab', company: 'Demo Labs', admin: false },
];

export const DEFAULT_DEMO_PASSWORD = 'Demo1234!';

/**
 * Gives a user of the local pool an authenticator with a known base32 secret, through the launcher's
 * local-only LocalSeedSoftwareToken (scripts/local/cognito-server.ts): Cognito itself only ever generates
 * the secret, but the demo admin's must be one that scripts and people can be told.
 */
export async function seedAuthenticator(cognitoEndpoint: string, userPoolId: string, username: string, secret: string): Promise<void> {
  const response = await fetch(cognitoEndpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.LocalSeedSoftwareToken',
    },
    body: JSON.stringify({ UserPoolId: userPoolId, Username: username, Secret: secret }),
  });
  if (!response.ok) throw new Error(`Could not seed the authenticator of ${username}: ${await response.text()}`);
}

async function findSub(cognito: CognitoIdentityProviderClient, userPoolId: string, username: string) {
  try {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    return attributeRecord(user.UserAttributes).sub;
  } catch (error) {
    if (error instanceof UserNotFoundException || (error as Error).name === 'UserNotFoundException') return undefined;
    throw error;
  }
}

/** The demo accounts' user records, by username, for the seed steps that need the portal listening. */
export type DemoUsers = ReadonlyMap<string, { id: number; email: string; first_name: string; last_name: string }>;

export interface DemoSeed {
  password: string;
  /** The demo admin's authenticator secret (base32): Admin members sign in with a second factor. */
  adminTotpSecret: string;
  cognitoEndpoint: string;
}

/**
 * Creates the demo accounts through the real sign-up path (so the pre-signup trigger runs), confirms
 * them, puts `admin` in the Admin group with its authenticator, gives both a profile and `demo` its
 * licenses in every state. Safe to run on
 * every start: existing accounts only get the current demo password and authenticator secret.
 */
export async function seedDemoAccounts(
  cognito: CognitoIdentityProviderClient,
  ids: { userPoolId: string; userPoolClientId: string },
  { password, adminTotpSecret, cognitoEndpoint }: DemoSeed,
  stackEnv: Record<string, string>,
): Promise<DemoUsers> {
  // The seed writes user records and the demo IV curves through the repositories, as a unit that may
  // read and create them.
  const seeder: FunctionRuntime = {
    name: 'seed',
    needs: { table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'], files: { ivcurves: ['put'], attachments: ['put'], news: ['put'], data: ['get'] } },
    env: stackEnv,
  };
  const users = new Map<string, { id: number; email: string; first_name: string; last_name: string }>();
  for (const account of demoAccounts) {
    let sub = await findSub(cognito, ids.userPoolId, account.username);
    if (!sub) {
      await cognito.send(
        new SignUpCommand({
          ClientId: ids.userPoolClientId,
          Username: account.username,
          Password: password,
          UserAttributes: [
            { Name: 'email', Value: account.email },
            { Name: 'name', Value: account.first_name },
            { Name: 'family_name', Value: account.last_name },
            { Name: 'custom:company', Value: account.company },
            { Name: 'custom:admin_terms_accepted', Value: '1' },
            { Name: 'custom:accepted_marketing', Value: '0' },
          ],
        }),
      );
      await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: ids.userPoolId, Username: account.username }));
      await cognito.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: ids.userPoolId,
          Username: account.username,
          // cognito-local wants the address beside its flag; Cognito accepts both.
          UserAttributes: [
            { Name: 'email', Value: account.email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
      if (account.admin) {
        await cognito.send(
          new AdminAddUserToGroupCommand({ UserPoolId: ids.userPoolId, Username: account.username, GroupName: ADMIN_GROUP }),
        );
      }
      sub = await findSub(cognito, ids.userPoolId, account.username);
      if (!sub) throw new Error(`Demo account ${account.username} was not created`);
    } else {
      await cognito.send(
        new AdminSetUserPasswordCommand({ UserPoolId: ids.userPoolId, Username: account.username, Password: password, Permanent: true }),
      );
    }
    if (account.admin) await seedAuthenticator(cognitoEndpoint, ids.userPoolId, account.username, adminTotpSecret);
    const stored = sub;
    const record = await runAs(seeder, async () => {
      const existing = await findUserBySub(stored);
      if (existing) return existing;
      return createUser({
        sub: stored,
        username: account.username,
        email: account.email,
        first_name: account.first_name,
        last_name: account.last_name,
        company: account.company,
      });
    });
    users.set(account.username, { id: record.id, email: account.email, first_name: account.first_name, last_name: account.last_name });
  }
  // The demo customer's licenses, one shared with them by the admin.
  await runAs(seeder, () => seedDemoLicenses(users.get('demo')!.id, { id: users.get('admin')!.id, username: 'admin' }));
  // A data folder from before the counters: they are back-filled from its records, once.
  await runAs({ name: 'counters', needs: counterScriptNeeds, env: stackEnv }, () => backfillNeverCounted());
  // Produced units, two of them registered to the demo customer.
  await runAs(seeder, () => seedDemoDevices(users.get('demo')!.id));
  // License codes from the admin: a campaign code and a few single-use ones.
  await runAs(seeder, () => seedDemoCodes(users.get('admin')!.id));
  // IV curves: the admin's public reference curve and two of the demo customer's own.
  await runAs(seeder, () => seedDemoIvCurves(users.get('demo')!.id, users.get('admin')!.id));
  // Support cases of the demo customer, one in every state, with comments and an attachment.
  await runAs(seeder, () => seedDemoCases(users.get('demo')!, users.get('admin')!));
  // The desktop app's start-screen entries and two news versions, by the admin.
  await runAs(seeder, () => seedDemoNews(users.get('admin')!.id));
  // An organisation: the demo customer its owner, the fleet customer its admin, the lab customer a member, its seats, an invitation out.
  await runAs(seeder, () => seedDemoOrganisation(users.get('demo')!, users.get('fleet')!, users.get('lab')!));
  return users;
}

/**
 * The demo's volume: 48 more customers with a history of admin actions, and months of dashboard and
 * usage history (about 15 s of writes). Seeded last, after the demo accounts' own data and purchases, so
 * what comes before it is a whole demo without it (a test tenant that does not read the volume starts
 * from that: scripts/local/tenants.ts).
 */
export async function seedDemoVolume(users: DemoUsers, stackEnv: Record<string, string>): Promise<void> {
  const seeder: FunctionRuntime = {
    name: 'seed',
    needs: { table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'], files: { ivcurves: ['put'], attachments: ['put'], news: ['put'], data: ['get'] } },
    env: stackEnv,
  };
  // The admin users screens: more customers with holdings, their downloads and a history of admin actions.
  await runAs(seeder, () => seedDemoCustomers(users.get('demo')!, users.get('admin')!));
  // Months of history for the dashboard and usage screens, written through their counters, back-dated.
  await runAs(seeder, () => seedDemoHistory(users.get('fleet')!, { demo: users.get('demo')!.id, admin: users.get('admin')!.id }));
  // Three of the customers join the demo organisation.
  await runAs(seeder, () => seedDemoMembers(users.get('demo')!));
}

/**
 * The seed steps that go through the running portal: the demo customer's subscriptions, bought in the
 * checkout sandbox (seed-subscriptions.ts), with the seed unit's reads and the provider's REST calls.
 */
export async function seedDemoPurchases(portalUrl: string, users: DemoUsers, stackEnv: Record<string, string>): Promise<void> {
  const buyer: FunctionRuntime = { name: 'seed', needs: { table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'ConditionCheckItem'] }, env: stackEnv };
  await runAs(buyer, () => seedDemoSubscriptions(portalUrl, users.get('demo')!));
}
