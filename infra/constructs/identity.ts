import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  NumberAttribute,
  StringAttribute,
  UserPool,
  UserPoolClient,
  UserPoolGroup,
  VerificationEmailStyle,
  type ICustomAttribute,
  type StandardAttributes,
  type UserPoolTriggers,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { ADMIN_GROUP } from '../../shared/runtime';
import { triggers } from '../../functions/registry';
import { appClient, passwordPolicy, userPoolAttributes } from '../definitions';
import { wireFunction, type WiringTargets } from '../function-wiring';
import { cognitoMails } from '../messages';
import { PortalFunction } from '../portal-function';

/** Cognito's attribute names (as in definitions) mapped to the CDK's StandardAttributes keys. */
const standardAttributeKeys = {
  email: 'email',
  name: 'fullname',
  family_name: 'familyName',
} as const satisfies Record<(typeof userPoolAttributes.standard)[number], keyof StandardAttributes>;

function customAttribute(attribute: (typeof userPoolAttributes.custom)[number]): ICustomAttribute {
  return attribute.type === 'String'
    ? new StringAttribute({ maxLen: attribute.maxLength, mutable: true })
    : new NumberAttribute({ mutable: true });
}

/** The standard attributes the SPA's client may write: the sign-up ones (appClient.writeAttributes). */
const writableStandard = Object.fromEntries(
  appClient.writeAttributes.flatMap((name) => (name in standardAttributeKeys ? [[standardAttributeKeys[name as keyof typeof standardAttributeKeys], true]] : [])),
);
const writableCustom = appClient.writeAttributes.flatMap((name) => (name.startsWith('custom:') ? [name.slice('custom:'.length)] : []));

/**
 * The user pool (sign-up attributes, password rule, optional TOTP two-factor sign-in, Admin group), the
 * SPA's public app client and the Cognito triggers of the registry. Built from definitions.ts, like the
 * local stack's cognito-local pool.
 */
export class Identity extends Construct {
  readonly userPool: UserPool;
  readonly appClient: UserPoolClient;
  readonly adminGroup: UserPoolGroup;
  /** Trigger functions by registry name. */
  readonly triggers: Record<string, PortalFunction> = {};

  constructor(scope: Construct, id: string, props: { targets: Omit<WiringTargets, 'pool'> }) {
    super(scope, id);

    const lambdaTriggers: { -readonly [K in keyof UserPoolTriggers]: UserPoolTriggers[K] } = {};
    for (const [name, trigger] of Object.entries(triggers)) {
      const fn = new PortalFunction(this, trigger.construct, {
        entry: `functions/triggers/${name}.ts`,
        description: trigger.description,
        // Cognito waits at most 5 seconds for a trigger.
        timeout: Duration.seconds(5),
      });
      wireFunction(fn, trigger.needs, props.targets);
      lambdaTriggers[trigger.cdkTrigger] = fn.function;
      this.triggers[name] = fn;
    }

    const standardAttributes: StandardAttributes = Object.fromEntries(
      userPoolAttributes.standard.map((name) => [standardAttributeKeys[name], { required: true, mutable: true }]),
    );
    this.userPool = new UserPool(this, 'UserPool', {
      selfSignUpEnabled: true,
      // Users sign in with a username; the email is an attribute, not the login.
      signInAliases: { username: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: cognitoMails.verification.subject,
        emailBody: cognitoMails.verification.text,
      },
      standardAttributes,
      customAttributes: Object.fromEntries(
        userPoolAttributes.custom.map((attribute) => [attribute.name, customAttribute(attribute)]),
      ),
      passwordPolicy: { ...passwordPolicy },
      // A changed email takes effect only once its code is verified; until then the verified one stays.
      keepOriginal: { email: true },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Two-factor sign-in with an authenticator app, for anyone who sets it up; the API requires it of
      // members of Admin (it refuses admin cmds until the user has it).
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      featurePlan: FeaturePlan.ESSENTIALS,
      lambdaTriggers,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The password rule is the product rule: 8+ characters with an upper-case letter, a lower-case letter and a digit, no symbol required. It lives in definitions.passwordPolicy and the SPA validates the same rule (shared/validation.ts).',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA (TOTP) is optional for the pool and required of administrators: Cognito cannot require it per group, so the API refuses admin commands of an Admin member without TOTP set up, and the SPA leads such a user to set it up.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'The Essentials feature plan covers what the portal uses (username/password sign-in, groups, triggers); Plus is billed per monthly active user and its threat protection is not yet required.',
      },
    );

    this.adminGroup = new UserPoolGroup(this, 'AdminGroup', {
      userPool: this.userPool,
      groupName: ADMIN_GROUP,
      description: 'Portal administrators: admin routes, menu and admin-only API commands',
    });

    this.appClient = this.userPool.addClient('WebClient', {
      userPoolClientName: appClient.name,
      generateSecret: false,
      authFlows: { userPassword: true },
      disableOAuth: true,
      // Password recovery tells the user "Wrong username" on UserNotFoundException, so Cognito must say so.
      preventUserExistenceErrors: false,
      enableTokenRevocation: true,
      writeAttributes: new ClientAttributes().withStandardAttributes(writableStandard).withCustomAttributes(...writableCustom),
      accessTokenValidity: Duration.minutes(appClient.accessTokenValidityMinutes),
      idTokenValidity: Duration.minutes(appClient.idTokenValidityMinutes),
      refreshTokenValidity: Duration.days(appClient.refreshTokenValidityDays),
    });
  }
}
