/**
 * `npm run counters -- check|backfill`: compares every counter with a recount of the records it counts
 * (`check`, exit code 1 when one differs), or sets the counters to that recount (`backfill`: once after
 * counters are introduced or declared for records that exist, or to repair one). Against the running
 * local stack, or, with TABLE_NAME set, that table with the shell's AWS credentials (a deployment). The
 * back-fill counts what the records hold while it reads them: run it when few records change, and
 * `check` after it.
 */
import './env-defaults';
import { backfillCounters, counterDifferences, counterScriptNeeds } from '../../functions/domain/counted-records';
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
    return 0;
  }
  const differences = await counterDifferences();
  for (const d of differences) console.log(`${d.counter} ${d.figure}: stored ${d.stored}, recounted ${d.recounted}`);
  console.log(differences.length ? `${differences.length} figure(s) differ: run npm run counters -- backfill` : 'Every counter matches a recount');
  return differences.length ? 1 : 0;
}

process.exitCode = await runOnTable('counters', counterScriptNeeds, run);
