/**
 * The infra checks, as one test file. They read one synthesized portal (sharedPortal in synth.ts), whose
 * construct tree cannot cross workers: as one file they run in one worker, beside the other tiers' files,
 * instead of in a group of their own after them (vitest.config.ts). Each module holds the checks of one
 * concern; `npx vitest run --project infra -t <name>` runs some of them.
 */
import './portal-stack.checks';
import './portal-address.checks';
import './endpoint-grants.checks';
import './jobs-and-options.checks';
import './operator-alarms.checks';
import './cdk-nag.checks';
