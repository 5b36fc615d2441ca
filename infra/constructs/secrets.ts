import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { secrets, type SecretName } from '../../functions/registry';

/** The generated secrets of functions/registry.ts, each created once, however many functions read it. */
export class PortalSecrets extends Construct {
  private readonly created: Partial<Record<SecretName, Secret>> = {};

  get(name: SecretName): Secret {
    const existing = this.created[name];
    if (existing) return existing;
    const definition = secrets[name];
    const secret = new Secret(this, definition.construct, {
      description: definition.description,
      generateSecretString: { excludePunctuation: true, passwordLength: 64 },
      // A secret others hold a derived value of (the desktop app's pinned key) survives the stack.
      ...('retain' in definition && definition.retain ? { removalPolicy: RemovalPolicy.RETAIN } : {}),
    });
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'rotation' in definition
        ? definition.rotation
        : definition.sharedWithThirdParty
        ? 'The value is shared with a third party (the forum admin types it into Discourse), so it can only be rotated together with them; functions re-read it every five minutes, so a manual rotation needs no redeploy.'
        : 'CloudFront sends the value as an origin header and the API compares it; rotating means redeploying the distribution with the new value, done with the stack (functions re-read it every five minutes).',
    });
    this.created[name] = secret;
    return secret;
  }

  /** The secrets created so far, by name (for the stack's outputs). */
  get all(): Partial<Record<SecretName, Secret>> {
    return this.created;
  }
}
