import { chromium } from 'playwright-core';
import http from 'node:http'; import { readFileSync, existsSync } from 'node:fs'; import { join, extname } from 'node:path';
const root = 'web/dist'; const types = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml' };
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x'); let f = join(root, url.pathname);
  if (url.pathname === '/config.json') { res.writeHead(200, {'content-type':'application/json'}); res.end(JSON.stringify({region:'us-east-1',userPoolId:'local_abc',userPoolClientId:'abc',cognitoEndpoint:'http://127.0.0.1:9/',local:true})); return; }
  if (url.pathname.startsWith('/api')) { res.writeHead(200, {'content-type':'application/json'}); res.end('{"status":"error","message":"no"}'); return; }
  if (!existsSync(f) || url.pathname === '/' || !extname(f)) f = join(root, 'index.html');
  res.writeHead(200, { 'content-type': types[extname(f)] ?? 'application/octet-stream', 'cache-control': 'public, max-age=31536000, immutable' }); res.end(readFileSync(f));
}).listen(0, '127.0.0.1');
await new Promise(r => server.once('listening', r));
const base = `http://127.0.0.1:${server.address().port}`;
const n = Number(process.argv[2] ?? 5); const extra = process.argv.slice(3);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run','--disable-sync', ...extra] });
const t = performance.now();
for (let i = 0; i < n; i++) {
  const c = await b.newContext({ baseURL: base, reducedMotion: 'reduce' }); const p = await c.newPage();
  await p.goto('/signin'); await p.getByRole('button', { name: 'Sign in' }).waitFor(); await c.close();
}
console.log('per page ms', ((performance.now() - t) / n).toFixed(0));
await b.close(); server.close();
