/**
 * `npm run counters -- check|backfill`: compares every counter, and every user's holdings (the users
 * list's counts), with a recount of the records they count
 * (`check`, exit code 1 when one differs), or sets the counters to that recount (`backfill`: once after
 * counters are introduced or declared for records that exist, or to repair one). Against the running
 * local stack, or, with TABLE_NAME set, that table with the shell's AWS credentials (a deployment). The
 * back-fill counts what the records hold while it reads them: run it when few records change, and
 * `check` after it.
 */
import './env-defaults';
import { backfillCounters, backfillHoldings, counterDifferences, counterScriptNeeds, holdingsDifferences } from '../../functions/domain/counted-records';
import { runOnTable } from './running-stack';

const command = process.argv[2];
if (command !== 'check' && command !== 'backfill') {
  console.error('Usage: npm run counters -- check|backfill');
  process.exit(2);
}

async function run(): Promise<number> {
  if (command === 'backfill') {
    const corrected = await backfillCounters();
    for (const c of corrected) console.log(`${c.counter} ${c.figure}: ${c.stored} → ${c.recounted}`);
    console.log(`${corrected.length} figure(s) corrected`);
    const holdings = await backfillHoldings();
    for (const h of holdings) console.log(`holdings of user ${h.user_id}: ${h.stored} → ${h.recounted}`);
    console.log(`${holdings.length} user(s)' holdings corrected`);
    return 0;
  }
  const differences = await counterDifferences();
  for (const d of differences) console.log(`${d.counter} ${d.figure}: stored ${d.stored}, recounted ${d.recounted}`);
  const holdings = await holdingsDifferences();
  for (const h of holdings) console.log(`holdings of user ${h.user_id}: stored ${h.stored}, recounted ${h.recounted}`);
  const off = differences.length + holdings.length;
  console.log(off ? `${off} figure(s) differ: run npm run counters -- backfill` : 'Every counter and every user\'s holdings match a recount');
  return off ? 1 : 0;
}

process.exitCode = await runOnTable('counters', counterScriptNeeds, run);
