import { build } from 'esbuild';
const entry = process.argv[2];
const r = await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', target: 'node22', mainFields: ['module','main'], minify: true, external: ['@aws-sdk/*'], write: false, metafile: true, outfile: '/tmp/out.js' });
const out = Object.values(r.metafile.outputs)[0];
console.log('total', (out.bytes/1024).toFixed(1));
const groups = {};
for (const [f, v] of Object.entries(out.inputs)) {
  let g = f.startsWith('node_modules/') ? f.split('/').slice(0, f.split('/')[1].startsWith('@')?3:2).join('/') : f.split('/').slice(0, 3).join('/');
  groups[g] = (groups[g]||0) + v.bytesInOutput;
}
for (const [g, b] of Object.entries(groups).sort((a,b)=>b[1]-a[1])) console.log((b/1024).toFixed(1).padStart(7), g);
if (process.argv[3]) for (const [f, v] of Object.entries(out.inputs).filter(([f])=>f.startsWith(process.argv[3])).sort((a,b)=>b[1].bytesInOutput-a[1].bytesInOutput)) console.log((v.bytesInOutput/1024).toFixed(1).padStart(7), f);
