import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { allCmds } from './all';
import { cmd, ownVersion, uploadCmd } from './define';

/** A cold Lambda builds only the schemas of the cmd it serves: a contract's schemas are built on first read. */
describe('a cmd declaration', () => {
  it('builds its params and result when first read, once', () => {
    const built: string[] = [];
    const def = cmd(
      'user',
      () => (built.push('params'), { id: z.int() }),
      () => (built.push('result'), z.object({ id: z.int() })),
    );
    expect(built).toEqual([]);
    expect(def.params).toBe(def.params);
    expect(built).toEqual(['params']);
    expect(z.safeParse(def.params, { id: 1, other: 2 }).success).toBe(false);
    expect(def.result).toBe(def.result);
    expect(built).toEqual(['params', 'result']);
  });

  it('keeps them unbuilt when marked ownVersion or taking a file', () => {
    const built: string[] = [];
    const own = ownVersion(cmd('admin', () => (built.push('own'), { version: z.string() }), () => z.object({})));
    const upload = uploadCmd('user', { maxBytes: 10 }, () => (built.push('upload'), {}), () => z.object({}));
    expect(own.ownVersion).toBe(true);
    expect(built).toEqual([]);
    expect(Object.keys(upload.params._zod.def.shape)).toEqual(['uploaded_file']);
    expect(built).toEqual(['upload']);
  });

  it('is so in every contract: each cmd reads its params and result on demand', () => {
    const eager = allCmds()
      .filter(({ def }) => !Object.getOwnPropertyDescriptor(def, 'params')?.get || !Object.getOwnPropertyDescriptor(def, 'result')?.get)
      .map(({ endpoint, cmd: name }) => `${endpoint}/${name}`);
    expect(eager).toEqual([]);
  });
});
