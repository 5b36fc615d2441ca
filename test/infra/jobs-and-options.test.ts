import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoTriggers, scheduledJobs } from '../../infra/definitions';
import { arnOf, asList, logicalIdOf, ref, statementsOfRole, synthPortal, type SynthesizedPortal } from './synth';

const variablesOf = (portal: SynthesizedPortal, fn: { function: { node: { defaultChild?: unknown } } }) =>
  (portal.json.Resources[logicalIdOf(portal.stack, fn.function)]!.Properties!.Environment as { Variables: Record<string, unknown> })
    .Variables;

describe('triggers and scheduled jobs', () => {
  let portal: SynthesizedPortal;
  beforeAll(() => {
    portal = synthPortal();
  });
  afterAll(() => portal.cleanup());

  it('wires the post-confirmation trigger, which knows no newsletter provider unless configured', () => {
    const fn = portal.stack.identity.postConfirmation;
    portal.template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { PostConfirmation: arnOf(logicalIdOf(portal.stack, fn.function)) },
    });
    expect(Object.keys(variablesOf(portal, fn))).not.toContain('MAILCHIMP_SERVER');
    expect(cognitoTriggers.postConfirmation.id).toBe('PostConfirmation');
  });

  it.each(scheduledJobs.map((job) => [job.name, job] as const))('runs %s on its daily schedule', (_name, job) => {
    const fn = portal.stack.jobs.functions[job.id]!;
    portal.template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: `cron(${job.schedule.minute} ${job.schedule.hour} * * ? *)`,
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: arnOf(logicalIdOf(portal.stack, fn.function)) })],
    });
  });

  it('lets the deletion job delete users of this pool only, and send no mail without a sender', () => {
    const fn = portal.stack.jobs.functions.DeleteAccounts!;
    const statements = statementsOfRole(portal.json.Resources, logicalIdOf(portal.stack, fn.role));
    const cognito = statements.filter((s) => asList(s.Action).some((a) => a.startsWith('cognito-idp:')));
    expect(cognito).toEqual([
      expect.objectContaining({ Action: 'cognito-idp:AdminDeleteUser', Resource: arnOf(logicalIdOf(portal.stack, portal.stack.identity.userPool)) }),
    ]);
    expect(statements.flatMap((s) => asList(s.Action)).filter((a) => a.startsWith('ses:'))).toEqual([]);
    expect(variablesOf(portal, fn)).toMatchObject({
      TABLE_NAME: ref(logicalIdOf(portal.stack, portal.stack.data.table)),
      USER_POOL_ID: ref(logicalIdOf(portal.stack, portal.stack.identity.userPool)),
    });
    expect(variablesOf(portal, fn)).not.toHaveProperty('MAIL_FROM');
  });
});

describe('deployment options given as context', () => {
  let portal: SynthesizedPortal;
  beforeAll(() => {
    portal = synthPortal({
      context: {
        mailFrom: 'portal@mail.example.com',
        mailchimpServer: 'us21',
        mailchimpListId: 'abc123',
        mailchimpApiKeySecret: 'portal/mailchimp',
      },
    });
  });
  afterAll(() => portal.cleanup());

  it('gives the mail-sending functions the sender and SES rights on that identity only', () => {
    for (const fn of [portal.stack.api.functions.User!, portal.stack.jobs.functions.DeleteAccounts!]) {
      expect(variablesOf(portal, fn)).toMatchObject({ MAIL_FROM: 'portal@mail.example.com' });
      const ses = statementsOfRole(portal.json.Resources, logicalIdOf(portal.stack, fn.role)).filter((s) =>
        asList(s.Action).some((a) => a.startsWith('ses:')),
      );
      expect(ses).toHaveLength(1);
      expect(ses[0]!.Action).toBe('ses:SendEmail');
      expect(JSON.stringify(ses[0]!.Resource)).toContain(':identity/portal@mail.example.com');
      expect(JSON.stringify(ses[0]!.Resource)).toContain(':identity/mail.example.com');
    }
    expect(variablesOf(portal, portal.stack.api.functions.Sso!)).not.toHaveProperty('MAIL_FROM');
  });

  it('configures the newsletter provider of the post-confirmation trigger and lets it read the key', () => {
    const fn = portal.stack.identity.postConfirmation;
    expect(variablesOf(portal, fn)).toMatchObject({
      MAILCHIMP_SERVER: 'us21',
      MAILCHIMP_LIST_ID: 'abc123',
      MAILCHIMP_API_KEY_SECRET_ID: 'portal/mailchimp',
    });
    const secrets = statementsOfRole(portal.json.Resources, logicalIdOf(portal.stack, fn.role)).filter((s) =>
      asList(s.Action).some((a) => a.startsWith('secretsmanager:')),
    );
    expect(JSON.stringify(secrets)).toContain('secret:portal/mailchimp-??????');
  });

  it('refuses a malformed sender and a half-configured newsletter', () => {
    expect(() => synthPortal({ context: { mailFrom: 'not-an-address' } })).toThrow(/mailFrom/);
    expect(() => synthPortal({ context: { mailchimpServer: 'us21' } })).toThrow(/mailchimpServer, mailchimpListId and mailchimpApiKeySecret/);
  });
});
