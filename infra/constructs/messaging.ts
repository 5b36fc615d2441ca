import { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ENV } from '../../shared/runtime';
import type { PortalFunction } from '../portal-function';

/** Optional settings of a deployment (definitions.deploymentContextKeys). */
export interface DeploymentOptions {
  /** A sender verified in SES for the product's own mail. */
  mailFrom?: string;
  /** Where mail for the support desk goes; mailFrom when not given. */
  supportEmail?: string;
  /** The newsletter provider; the API key is a Secrets Manager secret of that name. */
  mailchimp?: { server: string; listId: string; apiKeySecret: string };
  /**
   * The checkout provider's popup storefront for /config.json, with the integrity hash of exactly the
   * script version scriptUrl names; without it the SPA offers no buying.
   */
  checkout?: { storefront: string; scriptUrl: string; scriptIntegrity: string; accessKey?: string };
  /** The other sites (shop, forum) a `redirect` query may send the browser to, as origins. */
  redirectOrigins?: string[];
  /** The Download page's links to the product's guides and its Raspberry Pi server guide (absent: not shown). */
  guides?: { guidesUrl?: string; raspberryPiGuideUrl?: string };
}

export interface MessagingProps {
  readonly options: DeploymentOptions;
  /** Functions whose registry needs say `mail`. */
  readonly mailSenders: readonly PortalFunction[];
  /** Functions whose registry needs say `newsletter`. */
  readonly newsletterSubscribers: readonly PortalFunction[];
}

/**
 * The wiring to the outside services that only receive: SES for the product's own mail (the sender and
 * the right to send as that identity only) and Mailchimp for the newsletter (server, list and the API
 * key secret). Without the options, the functions only log what they would have sent.
 */
export class Messaging extends Construct {
  constructor(scope: Construct, id: string, props: MessagingProps) {
    super(scope, id);
    const { mailFrom, supportEmail, mailchimp } = props.options;
    if (mailFrom) {
      const identities = [mailFrom, mailFrom.split('@')[1]!];
      for (const fn of props.mailSenders) {
        fn.addEnvironment(ENV.mailFrom, mailFrom);
        if (supportEmail) fn.addEnvironment(ENV.supportEmail, supportEmail);
        fn.role.addToPrincipalPolicy(
          new PolicyStatement({
            actions: ['ses:SendEmail'],
            resources: identities.map((identity) => Stack.of(fn).formatArn({ service: 'ses', resource: 'identity', resourceName: identity })),
          }),
        );
      }
    }
    if (mailchimp) {
      const apiKey = Secret.fromSecretNameV2(this, 'MailchimpApiKey', mailchimp.apiKeySecret);
      for (const fn of props.newsletterSubscribers) {
        fn.addEnvironment(ENV.mailchimpServer, mailchimp.server);
        fn.addEnvironment(ENV.mailchimpListId, mailchimp.listId);
        fn.addEnvironment('MAILCHIMP_API_KEY_SECRET_ID', mailchimp.apiKeySecret);
        apiKey.grantRead(fn);
      }
    }
  }
}
