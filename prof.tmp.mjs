import { chromium } from 'playwright-core';
import http from 'node:http'; import { readFileSync, existsSync, writeFileSync } from 'node:fs'; import { join, extname } from 'node:path';
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
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu'] });
const c = await b.newContext({ baseURL: base, reducedMotion: 'reduce' }); const p = await c.newPage();
const s = await c.newCDPSession(p); await s.send('Profiler.enable'); await s.send('Profiler.setSamplingInterval', { interval: 200 }); await s.send('Profiler.start');
await p.goto('/signin'); await p.getByRole('button', { name: 'Sign in' }).waitFor();
const { profile } = await s.send('Profiler.stop');
// self time per function and per url
const byId = new Map(profile.nodes.map(n => [n.id, n])); const self = new Map();
const dt = profile.timeDeltas; for (let i = 0; i < profile.samples.length; i++) { self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0)); }
const fn = {}, file = {};
for (const [id, t] of self) { const n = byId.get(id); const cf = n.callFrame; const k = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}`; fn[k] = (fn[k] ?? 0) + t; const u = cf.url.split('/').pop() || cf.functionName; file[u] = (file[u] ?? 0) + t; }
const top = (o) => Object.entries(o).sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, v]) => `${(v / 1000).toFixed(1).padStart(7)} ms ${k}`).join('\n');
console.log(top(file)); console.log('---'); console.log(top(fn));
await b.close(); server.close();
