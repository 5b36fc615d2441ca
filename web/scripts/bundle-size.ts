import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Measures the sign-in route's JavaScript (budget: under 150 KB gzip) from a built web/dist: the entry
 * chunk and everything it imports statically, i.e. what the browser loads before the sign-in form paints.
 * The identity provider chunk (AWS SDK), fetched once the user starts filling in the form, is reported beside it.
 * `npx tsx web/scripts/bundle-size.ts [distDir]` prints the figures; the bench may import signInRouteSize().
 */

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}

export interface ChunkSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface SignInRouteSize {
  /** Loaded before first paint of /signin. */
  initial: ChunkSize[];
  initialGzipBytes: number;
  /** The identity provider module, loaded once the sign-in form is shown. */
  identity: ChunkSize[];
  identityGzipBytes: number;
}

const BUDGET_GZIP_BYTES = 150 * 1024;

export function signInRouteSize(distDir: string): SignInRouteSize {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const size = (file: string): ChunkSize => {
    const content = readFileSync(join(distDir, file));
    return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  };
  const closure = (keys: string[]): Set<string> => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      manifest[key]?.imports?.forEach(visit);
    };
    keys.forEach(visit);
    return seen;
  };

  const entry = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const initialKeys = closure(entry);
  const identityEntry = Object.keys(manifest).filter((key) => key.endsWith('src/session/cognito.ts'));
  const identityKeys = [...closure(identityEntry)].filter((key) => !initialKeys.has(key));

  const js = (keys: Iterable<string>) =>
    [...keys].map((key) => manifest[key]?.file).filter((file): file is string => !!file?.endsWith('.js')).map(size);
  const initial = js(initialKeys);
  const identity = js(identityKeys);
  const sum = (chunks: ChunkSize[]) => chunks.reduce((total, chunk) => total + chunk.gzipBytes, 0);
  return { initial, initialGzipBytes: sum(initial), identity, identityGzipBytes: sum(identity) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = resolve(process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url)));
  const result = signInRouteSize(distDir);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const chunk of result.initial) console.log(`initial   ${chunk.file}  ${kb(chunk.bytes)} (gzip ${kb(chunk.gzipBytes)})`);
  for (const chunk of result.identity) console.log(`identity  ${chunk.file}  ${kb(chunk.bytes)} (gzip ${kb(chunk.gzipBytes)})`);
  console.log(`sign-in route JavaScript before first paint: ${kb(result.initialGzipBytes)} gzip`);
  console.log(`with the identity provider chunk: ${kb(result.initialGzipBytes + result.identityGzipBytes)} gzip`);
  console.log(`budget ${kb(BUDGET_GZIP_BYTES)} gzip before first paint (the identity provider chunk loads once the user types)`);
  if (result.initialGzipBytes > BUDGET_GZIP_BYTES) process.exitCode = 1;
}
