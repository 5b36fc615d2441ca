import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CognitoIdentityProviderClient, InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import { post, runJobCommand, spawnPortal, tokenFor, whenStarted, type RunningPortal, type SpawnedPortal } from '../support/npm-start';

/**
 * `npm start` as a person runs it: one portal on a data folder of this file's, watched from its first
 * moment, then stopped with Ctrl-C and started again on the same folder. The second test goes on with the
 * portal the first started (a start is the costly part: emulators, seeding).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'portal-npm-start-'));
const password = 'Ready1xyz';
const adminSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
let spawned: SpawnedPortal | undefined;
let first: RunningPortal | undefined;

afterAll(async () => {
  if (spawned?.child.exitCode === null) {
    spawned.child.kill('SIGINT');
    await spawned.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('answers only once it is usable: right after the first /config.json, both demo accounts sign in and call the API', async () => {
    spawned = await spawnPortal(dataDir, password, { DEMO_ADMIN_TOTP_SECRET: adminSecret });
    const { port, child, state } = spawned;
    const baseUrl = `http://127.0.0.1:${port}`;
    // What a browser opening the portal does first, as early as it can.
    let config: { userPoolClientId: string; cognitoEndpoint: string } | undefined;
    const deadline = Date.now() + 150_000;
    while (!config) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not come up:\n${state.output}`);
      const response = await fetch(`${baseUrl}/config.json`).catch(() => undefined);
      if (response?.ok) config = (await response.json()) as typeof config;
      else await new Promise((r) => setTimeout(r, 50));
    }

    const cognito = new CognitoIdentityProviderClient({
      region: 'us-east-1',
      endpoint: config.cognitoEndpoint,
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    const ClientId = config.userPoolClientId;
    const passwordStep = (USERNAME: string) =>
      cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId, AuthParameters: { USERNAME, PASSWORD: password } }));

    const demo = await passwordStep('demo');
    expect((await post(baseUrl, demo.AuthenticationResult!.AccessToken!, { cmd: 'get_user_profile' })).status).toBe('ok');

    // The admin answers its challenge with the secret given in DEMO_ADMIN_TOTP_SECRET.
    const admin = await passwordStep('admin');
    expect(admin.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const answer = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: admin.Session,
        ChallengeResponses: { USERNAME: 'admin', SOFTWARE_TOKEN_MFA_CODE: generateSync({ secret: adminSecret }) },
      }),
    );
    expect((await post(baseUrl, answer.AuthenticationResult!.AccessToken!, { cmd: 'get_admins' })).status).toBe('ok');

    // And it tells people the secret.
    first = await whenStarted(spawned);
    expect(state.output).toContain(adminSecret);

    // The demo's organisation: the demo customer owns it, the fleet customer is its admin, the lab customer a member (the volume, not seeded here, adds members).
    const { organisations } = (await post(baseUrl, (await passwordStep('demo')).AuthenticationResult!.AccessToken!, { cmd: 'get_my_organisations' })).data as {
      organisations: { organisation_id: number; name: string; role: string; members: number }[];
    };
    expect(organisations).toEqual([expect.objectContaining({ name: 'Demo Labs team', role: 'owner', members: 3 })]);
    const team = (await post(baseUrl, (await passwordStep('fleet')).AuthenticationResult!.AccessToken!, { cmd: 'get_organisation', organisation_id: organisations[0]!.organisation_id }))
      .data as { role: string; members: { role: string }[]; invitations: unknown[] };
    expect(team).toMatchObject({ role: 'admin', invitations: [expect.anything()] });
    expect(team.members.map((member) => member.role)).toEqual(['owner', 'admin', 'member']);
    // Its seats: four licenses, one held by the admin's bench machine, one assigned to the admin.
    const fleetToken = (await passwordStep('fleet')).AuthenticationResult!.AccessToken!;
    const seats = (await post(baseUrl, fleetToken, { cmd: 'get_organisation_licenses', organisation_id: organisations[0]!.organisation_id }, 'lic/5')).data as {
      count: number;
      licenses: { holder: { hostname: string } | null; assigned_to: { name: string } | null }[];
    };
    expect(seats.count).toBe(4);
    expect(seats.licenses.flatMap((license) => (license.holder ? [license.holder.hostname] : []))).toEqual(['fleet-bench-02']);
    expect(seats.licenses.filter((license) => license.assigned_to?.name === 'Flo Fleet')).toHaveLength(1);
  }, 360_000);

  it('stops every server on Ctrl-C and, started again on the same folder, keeps every record', async () => {
    if (!first) throw new Error('The portal of the test before did not start');
    const update = await post(first.baseUrl, await tokenFor(first, password), {
      cmd: 'update_user_profile',
      first_name: 'Kept',
      last_name: 'Across',
      company: 'Restarts',
    });
    expect(update.status).toBe('ok');

    // `npm run local:job` finds the running stack and runs a scheduled job against it.
    const job = runJobCommand(dataDir, 'delete-accounts');
    expect(job.status).toBe(0);
    expect(JSON.parse(job.stdout.trim().split('\n').pop()!)).toEqual({ deleted: [], failed: [] });

    // A sign-in right before Ctrl-C: the emulator keeps its refresh token (cognito-local writes its pool's
    // file behind the changes), so the token still works after the restart.
    const pool = (portal: RunningPortal) =>
      new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: portal.emulators.cognito, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    const lastSignIn = await pool(first).send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: first.clientId, AuthParameters: { USERNAME: 'demo', PASSWORD: password } }),
    );
    const refreshToken = lastSignIn.AuthenticationResult!.RefreshToken!;

    await first.interrupt();
    for (const url of [first.baseUrl, ...Object.values(first.emulators)]) {
      await expect(fetch(url)).rejects.toThrow();
    }
    const afterStop = runJobCommand(dataDir, 'delete-accounts');
    expect(afterStop.status).toBe(1);
    expect(afterStop.stderr).toContain('No running local stack');

    const second = await whenStarted(await spawnPortal(dataDir, password, { DEMO_ADMIN_TOTP_SECRET: adminSecret }));
    try {
      expect(second.poolId).toBe(first.poolId);
      const profile = await post(second.baseUrl, await tokenFor(second, password), { cmd: 'get_user_profile' });
      expect(profile.data).toMatchObject({ first_name: 'Kept', last_name: 'Across', company: 'Restarts' });
      const refreshed = await pool(second).send(
        new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: second.clientId, AuthParameters: { REFRESH_TOKEN: refreshToken } }),
      );
      expect(refreshed.AuthenticationResult?.AccessToken).toEqual(expect.any(String));
    } finally {
      await second.interrupt();
    }
  }, 360_000);
});
