/**
 * The CDK app (cdk.json: `npx tsx infra/app.ts`): the PowerPortal stack, checked by cdk-nag. The stack
 * itself is built by buildApp so that tests synthesize exactly what `cdk synth` does.
 * PORTAL_WEB_ASSET_PATH points at an SPA build other than web/dist (relative to the repository root).
 */
import { buildApp } from './portal-app';

buildApp({ webAssetPath: process.env.PORTAL_WEB_ASSET_PATH || undefined }).app.synth();
