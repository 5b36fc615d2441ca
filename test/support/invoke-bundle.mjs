// Runs one Lambda bundle the way the Lambda runtime would: a fresh process with only the environment
// it is given, the handler imported from the bundle file and called with one event.
// argv: handlerFile handlerExport; stdin: the event as JSON; stdout: the function's logs, then one
// last line {result} or {error}.
import { pathToFileURL } from 'node:url';

const [handlerFile, handlerExport] = process.argv.slice(2);
let input = '';
for await (const chunk of process.stdin) input += chunk;
const context = { awsRequestId: 'local', functionName: 'fidelity', getRemainingTimeInMillis: () => 20_000 };
try {
  const module = await import(pathToFileURL(handlerFile).href);
  const result = await module[handlerExport](JSON.parse(input), context);
  process.stdout.write(`\n${JSON.stringify({ result })}\n`);
} catch (error) {
  process.stdout.write(`\n${JSON.stringify({ error: { errorType: error?.name, errorMessage: error?.message } })}\n`);
}
