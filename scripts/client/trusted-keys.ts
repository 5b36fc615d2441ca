import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { PORTAL_KEYS } from './portal-keys';

/** A public key the client trusts to have signed a reservation: its id and the PEM (SPKI) of an Ed25519 key. */
export const trustedKeySchema = z.object({ key_id: z.string().check(z.minLength(1)), public_key: z.string().check(z.minLength(1)) });
export type TrustedKey = z.infer<typeof trustedKeySchema>;

/** A keys file: `{keys: [...]}`, a list, or one key (what `npm run client -- key --save` writes). */
const keysFileSchema = z.union([z.object({ keys: z.array(trustedKeySchema) }), z.array(trustedKeySchema), trustedKeySchema]);

/** The name of the keys file the local stack writes into its data folder (its own key: locally generated). */
export const LOCAL_KEYS_FILE = 'license-keys.json';

export function readKeysFile(file: string): TrustedKey[] {
  const parsed = keysFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a keys file: {"keys": [{"key_id", "public_key"}]}`);
  const keys = parsed.data;
  const list = Array.isArray(keys) ? keys : 'keys' in keys ? keys.keys : [keys];
  return list.map(({ key_id, public_key }) => ({ key_id, public_key }));
}

/**
 * The keys this client trusts, all from disk, none from the network: the production portal's (committed),
 * plus the keys file given (`--keys`), or else the local stack's in the local data folder when there is one.
 */
export function trustedKeys({ keysFile, localDataDir = process.env.LOCAL_DATA_DIR ?? '.local' }: { keysFile?: string; localDataDir?: string } = {}): TrustedKey[] {
  const local = join(localDataDir, LOCAL_KEYS_FILE);
  const extra = keysFile ? readKeysFile(keysFile) : existsSync(local) ? readKeysFile(local) : [];
  return [...PORTAL_KEYS, ...extra];
}
