import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, triggers } from '../../functions/registry';
import { pagedListKinds } from '../../shared/contract/all';
import { ENV } from '../../shared/runtime';
import { WITHOUT_BUNDLING, arnOf, asList, logicalIdOf, sharedPortal, synthPortal, type SynthesizedPortal } from './synth';
import { deployedUnits, expectWiredExactly, statementsOf, variablesOf } from './units';

describe('triggers and scheduled jobs', () => {
  let portal: SynthesizedPortal;
  beforeAll(() => {
    portal = sharedPortal();
  });

  it('wires the post-confirmation trigger, which knows no newsletter provider unless configured', () => {
    const fn = portal.stack.identity.triggers['post-confirmation']!;
    portal.template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: Match.objectLike({ PostConfirmation: arnOf(logicalIdOf(portal.stack, fn.function)) }),
    });
    expect(Object.keys(variablesOf(portal, fn))).not.toContain(ENV.mailchimpServer);
    expect(fn.node.id).toBe(triggers['post-confirmation'].construct);
  });

  it('builds one function per registry job, under its construct id', () => {
    expect(Object.keys(portal.stack.jobs.functions).sort()).toEqual(Object.keys(jobs).sort());
    for (const [name, job] of Object.entries(jobs)) expect(portal.stack.jobs.functions[name]!.node.id).toBe(job.construct);
  });

  it.each(Object.entries(jobs))('runs %s on its daily schedule', (name, job) => {
    const fn = portal.stack.jobs.functions[name]!;
    portal.template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: `cron(${job.schedule.minute} ${job.schedule.hour} * * ? *)`,
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: arnOf(logicalIdOf(portal.stack, fn.function)) })],
    });
  });

  it('hands the snapshot job, from its schedule, the kind of every list a cmd pages', () => {
    const fn = portal.stack.jobs.functions['snapshot-lists']!;
    const rule = Object.values(portal.template.findResources('AWS::Events::Rule')).find((resource) =>
      JSON.stringify(resource.Properties.Targets).includes(logicalIdOf(portal.stack, fn.function)),
    );
    const kinds = (JSON.parse(rule!.Properties.Targets[0].Input as string) as { kinds: string[] }).kinds;
    expect([...kinds].sort()).toEqual(pagedListKinds().sort());
    expect(kinds).toEqual(expect.arrayContaining(['licenses', 'users', 'audit', 'organisations']));
  });

  const accountJobs = Object.entries(jobs).filter(([, job]) => 'userPool' in job.needs).map(([name]) => name);

  it('has the account jobs it had (the jobs below that list and delete users)', () => {
    expect(accountJobs.sort()).toEqual(['delete-accounts', 'purge-unconfirmed']);
  });

  it('lets the counter check job read the table only (a recount: Scan and Query), with no Cognito and no mail', () => {
    const fn = portal.stack.jobs.functions['check-counters']!;
    const actions = statementsOf(portal, fn).flatMap((s) => asList(s.Action));
    expect(actions.filter((a) => a.startsWith('cognito-idp:') || a.startsWith('ses:'))).toEqual([]);
    expect(actions.filter((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a))).toEqual([]);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:Scan', 'dynamodb:Query']));
    expect(variablesOf(portal, fn)).toMatchObject({ [ENV.tableName]: { Ref: logicalIdOf(portal.stack, portal.stack.data.table) } });
  });

  it.each(accountJobs)('lets %s list and delete users of this pool only, and send no mail without a sender', (name) => {
    const fn = portal.stack.jobs.functions[name]!;
    const statements = statementsOf(portal, fn);
    const cognito = statements.filter((s) => asList(s.Action).some((a) => a.startsWith('cognito-idp:')));
    expect(cognito).toEqual([
      expect.objectContaining({ Resource: arnOf(logicalIdOf(portal.stack, portal.stack.identity.userPool)) }),
    ]);
    expect(asList(cognito[0]!.Action).sort()).toEqual(['cognito-idp:AdminDeleteUser', 'cognito-idp:ListUsers']);
    expect(statements.flatMap((s) => asList(s.Action)).filter((a) => a.startsWith('ses:'))).toEqual([]);
    expect(variablesOf(portal, fn)).toMatchObject({
      [ENV.tableName]: { Ref: logicalIdOf(portal.stack, portal.stack.data.table) },
      [ENV.userPoolId]: { Ref: logicalIdOf(portal.stack, portal.stack.identity.userPool) },
    });
    expect(variablesOf(portal, fn)).not.toHaveProperty(ENV.mailFrom);
  });
});

describe('deployment options given as context', () => {
  let portal: SynthesizedPortal;
  beforeAll(() => {
    portal = synthPortal({
      context: {
        ...WITHOUT_BUNDLING,
        mailFrom: 'portal@mail.example.com',
        supportEmail: 'support@help.example.com',
        mailchimpServer: 'us21',
        mailchimpListId: 'abc123',
        mailchimpApiKeySecret: 'portal/mailchimp',
      },
    });
  });
  afterAll(() => portal.cleanup());

  it('gives the functions whose needs say mail, and only them, the sender and SES rights on that identity only', () => {
    const units = deployedUnits(portal.stack);
    const senders = units.filter((unit) => unit.ownNeeds.mail);
    expect(senders.map((unit) => unit.label).sort()).toEqual(['endpoint case', 'endpoint product', 'endpoint user', 'job delete-accounts', 'job expiry-notices']);
    for (const { fn, label } of senders) {
      expect(variablesOf(portal, fn), label).toMatchObject({ [ENV.mailFrom]: 'portal@mail.example.com', [ENV.supportEmail]: 'support@help.example.com' });
      const ses = statementsOf(portal, fn).filter((s) => asList(s.Action).some((a) => a.startsWith('ses:')));
      expect(ses, label).toHaveLength(1);
      expect(ses[0]!.Action).toBe('ses:SendEmail');
      expect(JSON.stringify(ses[0]!.Resource)).toContain(':identity/portal@mail.example.com');
      expect(JSON.stringify(ses[0]!.Resource)).toContain(':identity/mail.example.com');
    }
    for (const { fn, label } of units.filter((unit) => !unit.ownNeeds.mail)) {
      expect(variablesOf(portal, fn), label).not.toHaveProperty(ENV.mailFrom);
      expect(variablesOf(portal, fn), label).not.toHaveProperty(ENV.supportEmail);
      expect(statementsOf(portal, fn).flatMap((s) => asList(s.Action)).filter((a) => a.startsWith('ses:')), label).toEqual([]);
    }
  });

  it('configures the newsletter provider of the post-confirmation trigger, and of no other function, and lets it read the key', () => {
    const units = deployedUnits(portal.stack);
    expect(units.filter((unit) => unit.ownNeeds.newsletter).map((unit) => unit.label)).toEqual(['trigger post-confirmation']);
    const fn = portal.stack.identity.triggers['post-confirmation']!;
    expect(variablesOf(portal, fn)).toMatchObject({
      [ENV.mailchimpServer]: 'us21',
      [ENV.mailchimpListId]: 'abc123',
      MAILCHIMP_API_KEY_SECRET_ID: 'portal/mailchimp',
    });
    const secrets = statementsOf(portal, fn).filter((s) => asList(s.Action).some((a) => a.startsWith('secretsmanager:')));
    expect(JSON.stringify(secrets)).toContain('secret:portal/mailchimp-??????');
    for (const { fn: other, label } of units.filter((unit) => !unit.ownNeeds.newsletter)) {
      expect(Object.keys(variablesOf(portal, other)).filter((name) => name.startsWith('MAILCHIMP_')), label).toEqual([]);
      expect(JSON.stringify(statementsOf(portal, other)), label).not.toContain('mailchimp');
    }
  });

  it('adds nothing else to any function than its registry needs and the options', () => {
    for (const unit of deployedUnits(portal.stack)) expectWiredExactly(portal, unit, true);
  });

  it('refuses a malformed sender, a support address without a sender and a half-configured newsletter', () => {
    expect(() => synthPortal({ context: { mailFrom: 'not-an-address' } })).toThrow(/mailFrom/);
    expect(() => synthPortal({ context: { supportEmail: 'support@help.example.com' } })).toThrow(/supportEmail needs mailFrom/);
    expect(() => synthPortal({ context: { mailchimpServer: 'us21' } })).toThrow(/mailchimpServer, mailchimpListId and mailchimpApiKeySecret/);
  });
});
