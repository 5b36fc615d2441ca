import { chromium } from 'playwright-core';
import http from 'node:http'; import { readFileSync, existsSync } from 'node:fs'; import { join, extname } from 'node:path';
const root = 'web/dist'; const types = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml' };
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x'); let f = join(root, url.pathname);
  if (url.pathname === '/config.json') { res.writeHead(200, {'content-type':'application/json'}); res.end(JSON.stringify({region:'us-east-1',userPoolId:'local_abc',userPoolClientId:'abc',cognitoEndpoint:'http://127.0.0.1:9/',local:true})); return; }
  if (url.pathname.startsWith('/api')) { res.writeHead(200, {'content-type':'application/json'}); res.end('{"status":"error","message":"no"}'); return; }
  if (!existsSync(f) || url.pathname === '/' || !extname(f)) f = join(root, 'index.html');
  res.writeHead(200, { 'content-type': types[extname(f)] ?? 'application/octet-stream' }); res.end(readFileSync(f));
}).listen(0, '127.0.0.1');
await new Promise(r => server.once('listening', r));
const base = `http://127.0.0.1:${server.address().port}`;
const extra = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run','--disable-sync', ...extra] });
for (let i = 0; i < 3; i++) {
  const c = await b.newContext({ baseURL: base, reducedMotion: 'reduce' }); const p = await c.newPage();
  const s = await c.newCDPSession(p); await s.send('Performance.enable');
  const t = performance.now();
  await p.goto('/signin'); await p.getByRole('button', { name: 'Sign in' }).waitFor();
  const ready = performance.now() - t;
  await new Promise(r => setTimeout(r, 1000));
  const { metrics } = await s.send('Performance.getMetrics');
  const m = Object.fromEntries(metrics.map(x => [x.name, x.value]));
  console.log('ready ms', ready.toFixed(0), 'script', (m.ScriptDuration*1000).toFixed(0), 'layout', (m.LayoutDuration*1000).toFixed(0), 'style', (m.RecalcStyleDuration*1000).toFixed(0), 'task', (m.TaskDuration*1000).toFixed(0), 'v8compile', (m.V8CompileDuration*1000).toFixed(0), 'frames', m.Frames);
  const nav = await p.evaluate(() => JSON.stringify(performance.getEntriesByType('resource').map(e => [e.name.split('/').pop(), Math.round(e.startTime), Math.round(e.duration)]).slice(0,60)));
  if (i === 2) console.log(nav);
  await c.close();
}
await b.close(); server.close();
