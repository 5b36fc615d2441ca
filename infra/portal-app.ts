import { existsSync } from 'node:fs';
import path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { z } from 'zod';
import { isDocumentationAddress, isWebOrigin, SRI_HASH } from '../shared/web-config';
import type { EndpointUnit } from '../functions/registry';
import { DEFAULT_CHECKOUT_SCRIPT_URL, deploymentContextKeys } from './definitions';
import { featureFlags } from './feature-flags';
import { fromRepoRoot } from './paths';
import { PortalStack, type DeploymentOptions } from './portal-stack';

export const stackName = 'PowerPortal';

/** A list given as context: a JSON array (cdk.json) or a comma-separated string (`-c key=a,b`). */
const listOf = (value: unknown) =>
  typeof value === 'string' ? value.split(',').map((item) => item.trim()).filter(Boolean) : value;

const documentationAddressRule = 'an https address on a real host (a placeholder such as docs.example.com leads nowhere)';

const contextSchema = z.object({
  mailFrom: z.email().optional(),
  supportEmail: z.email().optional(),
  mailchimpServer: z.string().regex(/^[a-z]+\d+$/).optional(),
  mailchimpListId: z.string().min(1).optional(),
  mailchimpApiKeySecret: z.string().min(1).optional(),
  /** FastSpring popup storefront id, e.g. `company.onfastspring.com/popup-company`. */
  checkoutStorefront: z.string().min(1).optional(),
  checkoutScriptUrl: z.url().optional(),
  /** The SRI hash of exactly the script checkoutScriptUrl names (`sha384-…`). */
  checkoutScriptIntegrity: z.string().regex(SRI_HASH, 'an SRI hash such as sha384-<base64>').optional(),
  checkoutAccessKey: z.string().min(1).optional(),
  redirectOrigins: z.preprocess(listOf, z.array(z.string().refine(isWebOrigin, 'an origin such as https://shop.example.com')).optional()),
  guidesUrl: z.string().refine(isDocumentationAddress, documentationAddressRule).optional(),
  raspberryPiGuideUrl: z.string().refine(isDocumentationAddress, documentationAddressRule).optional(),
});

/**
 * The optional deployment settings of definitions.deploymentContextKeys (`raw`: each key's context value),
 * validated; a bad value stops the synth. A storefront without its script's integrity hash stops it too:
 * the SPA would refuse to load the unpinned script, so the portal would deploy without buying.
 */
export function deploymentOptionsFrom(raw: Record<string, unknown>): DeploymentOptions {
  const parsed = contextSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`Invalid deployment context: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const { mailFrom, supportEmail, mailchimpServer, mailchimpListId, mailchimpApiKeySecret, checkoutStorefront, checkoutScriptUrl, checkoutScriptIntegrity, checkoutAccessKey, redirectOrigins, guidesUrl, raspberryPiGuideUrl } = parsed.data;
  const mailchimpKeys = [mailchimpServer, mailchimpListId, mailchimpApiKeySecret].filter(Boolean).length;
  if (mailchimpKeys !== 0 && mailchimpKeys !== 3) {
    throw new Error('Give all of mailchimpServer, mailchimpListId and mailchimpApiKeySecret, or none');
  }
  if (supportEmail && !mailFrom) throw new Error('supportEmail needs mailFrom: the portal sends its mail to support from that address');
  if (checkoutStorefront && !checkoutScriptIntegrity) {
    throw new Error(
      `checkoutStorefront needs checkoutScriptIntegrity: the SRI hash (sha384-…) of ${checkoutScriptUrl ?? DEFAULT_CHECKOUT_SCRIPT_URL}, which the browser checks before running the script`,
    );
  }
  if (checkoutScriptIntegrity && !checkoutStorefront) throw new Error('checkoutScriptIntegrity is the hash of the checkout script: give checkoutStorefront too');
  return {
    mailFrom,
    supportEmail,
    mailchimp: mailchimpServer && mailchimpListId && mailchimpApiKeySecret
      ? { server: mailchimpServer, listId: mailchimpListId, apiKeySecret: mailchimpApiKeySecret }
      : undefined,
    checkout: checkoutStorefront && checkoutScriptIntegrity
      ? {
          storefront: checkoutStorefront,
          scriptUrl: checkoutScriptUrl ?? DEFAULT_CHECKOUT_SCRIPT_URL,
          scriptIntegrity: checkoutScriptIntegrity,
          ...(checkoutAccessKey ? { accessKey: checkoutAccessKey } : {}),
        }
      : undefined,
    redirectOrigins: redirectOrigins ?? [],
    guides: { ...(guidesUrl ? { guidesUrl } : {}), ...(raspberryPiGuideUrl ? { raspberryPiGuideUrl } : {}) },
  };
}

/** The deployment options of the app's context. */
const readDeploymentOptions = (app: App): DeploymentOptions =>
  deploymentOptionsFrom(Object.fromEntries(deploymentContextKeys.map((key) => [key, app.node.tryGetContext(key)])));

const buildAppPropsSchema = z.object({
  /** The built SPA, relative to the repository root or absolute. */
  webAssetPath: z.string().min(1).default('web/dist'),
  /** Where the cloud assembly goes; by default the CDK CLI's choice (cdk.out) or a temp dir. */
  outdir: z.string().min(1).optional(),
  /** Extra context (tests), on top of the pinned feature flags. */
  context: z.record(z.string(), z.unknown()).optional(),
});

export type BuildAppProps = z.input<typeof buildAppPropsSchema> & {
  /** The API endpoints to deploy, by registry name. @default functions/registry endpoints */
  endpoints?: Readonly<Record<string, EndpointUnit>>;
};

/**
 * Builds the CDK app with the PowerPortal stack and the cdk-nag AwsSolutions checks, which fail the
 * synth on any finding that is not acknowledged with a reason. Used by infra/app.ts and by the tests.
 */
export function buildApp(props: BuildAppProps = {}): { app: App; stack: PortalStack } {
  const parsed = buildAppPropsSchema.parse(props);
  const webAssetPath = fromRepoRoot(parsed.webAssetPath);
  if (!existsSync(path.join(webAssetPath, 'index.html'))) {
    throw new Error(
      `The SPA is not built: ${path.join(webAssetPath, 'index.html')} does not exist. Run \`npm run build\` first.`,
    );
  }

  const app = new App({
    outdir: parsed.outdir,
    analyticsReporting: false,
    context: { ...featureFlags, ...parsed.context },
  });
  const stack = new PortalStack(app, stackName, {
    description: 'Power portal: SPA, API, data and identity',
    webAssetPath,
    endpoints: props.endpoints,
    options: readDeploymentOptions(app),
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}
