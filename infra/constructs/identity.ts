import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
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
} from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { adminGroupName, appClient, cognitoTriggers, passwordPolicy, userPoolAttributes } from '../definitions';
import { cognitoMails } from '../messages';
import { PortalFunction } from '../portal-function';
import type { Data } from './data';

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

export interface IdentityProps {
  readonly data: Data;
  /** Environment of the post-confirmation trigger's newsletter adapter (MAILCHIMP_*), if configured. */
  readonly newsletterEnvironment?: Record<string, string>;
}

/**
 * The user pool (sign-up attributes, password rule, Admin group), the SPA's public app client and the
 * pre-signup trigger that rejects an email already in use. Built from definitions.ts, like the local
 * stack's cognito-local pool.
 */
export class Identity extends Construct {
  readonly userPool: UserPool;
  readonly appClient: UserPoolClient;
  readonly adminGroup: UserPoolGroup;
  readonly preSignUp: PortalFunction;
  readonly postConfirmation: PortalFunction;

  constructor(scope: Construct, id: string, props: IdentityProps) {
    super(scope, id);

    this.preSignUp = new PortalFunction(this, cognitoTriggers.preSignUp.id, {
      entry: cognitoTriggers.preSignUp.entry,
      description: 'Cognito pre-signup: rejects an email that is already used',
      // Cognito waits at most 5 seconds for a trigger.
      timeout: Duration.seconds(5),
      // No USER_POOL_ID here: the pool depends on this function, so the function cannot depend on the
      // pool. The trigger event carries userPoolId.
      environment: { TABLE_NAME: props.data.table.tableName },
    });
    props.data.grantData(this.preSignUp, 'readWrite');
    // Any pool of this account and region, not this pool's ARN: naming it would make the function's
    // policy depend on the pool that depends on the function.
    this.preSignUp.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['cognito-idp:ListUsers', 'cognito-idp:AdminGetUser'],
        resources: [Stack.of(this).formatArn({ service: 'cognito-idp', resource: 'userpool', resourceName: '*' })],
      }),
    );
    Validations.of(this.preSignUp).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:cognito-idp:<AWS::Region>:<AWS::AccountId>:userpool/*]',
      reason:
        'The pre-signup trigger looks up users by email in the pool that invokes it; the pool ARN cannot be named because the pool references this function (circular dependency). Scope: read-only user lookups, this account and region.',
    });

    this.postConfirmation = new PortalFunction(this, cognitoTriggers.postConfirmation.id, {
      entry: cognitoTriggers.postConfirmation.entry,
      description: 'Cognito post-confirmation: subscribes users who chose the newsletter at sign-up',
      timeout: Duration.seconds(5),
      environment: { ...props.newsletterEnvironment },
    });

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
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      mfa: Mfa.OFF,
      featurePlan: FeaturePlan.ESSENTIALS,
      lambdaTriggers: { preSignUp: this.preSignUp.function, postConfirmation: this.postConfirmation.function },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The password rule is the product spec (section 5): 8+ characters with an upper-case letter, a lower-case letter and a digit, no symbol required. It lives in definitions.passwordPolicy and the SPA validates the same rule.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'The spec does not offer MFA: the SPA does not handle identity-provider challenge steps (spec: "Identity-provider challenge steps (new password, MFA and others): not shown"). Requiring MFA would lock every user out.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'The Essentials feature plan covers what the portal uses (username/password sign-in, groups, triggers); Plus is billed per monthly active user and its threat protection is not yet required.',
      },
    );

    this.adminGroup = new UserPoolGroup(this, 'AdminGroup', {
      userPool: this.userPool,
      groupName: adminGroupName,
      description: 'Portal administrators: admin routes, menu and admin-only API commands',
    });

    this.appClient = this.userPool.addClient('WebClient', {
      userPoolClientName: appClient.name,
      generateSecret: false,
      authFlows: { userPassword: true },
      disableOAuth: true,
      // The spec shows "Wrong username" on UserNotFoundException during password recovery.
      preventUserExistenceErrors: false,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.minutes(appClient.accessTokenValidityMinutes),
      idTokenValidity: Duration.minutes(appClient.idTokenValidityMinutes),
      refreshTokenValidity: Duration.days(appClient.refreshTokenValidityDays),
    });
  }
}
