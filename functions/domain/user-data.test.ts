import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { describe, expect, it } from 'vitest';
import { portalTable } from '../lib/db/table';
import { undeclaredUserEntities, userAttributesOf } from '../lib/user-data';
import { userDataRegistry } from './domains';

/**
 * Every module that defines a stored entity: the domains' entity files, their kind files (a kind may be
 * declared whole in one, its entity beside it), and the platform's own.
 */
const modules = {
  ...import.meta.glob<Record<string, unknown>>('./**/*.{entity,kind}.ts', { eager: true }),
  ...import.meta.glob<Record<string, unknown>>(['../lib/{db,lists}/*.ts', '!../lib/{db,lists}/*.test.ts'], { eager: true }),
};
const entities = Object.values(modules)
  .flatMap((exports) => Object.values(exports))
  .filter((value): value is Entity => value instanceof Entity);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });

describe("the user's data, declared by each domain", () => {
  it('covers every stored entity that holds a user: one kept without a declaration fails here', () => {
    expect(entities.length).toBeGreaterThan(20);
    expect(undeclaredUserEntities(entities, userDataRegistry)).toEqual([]);
  });

  it('would catch an entity that keeps a user id without a declaration', () => {
    const notes = new Entity({
      name: 'user-note',
      table: portalTable,
      schema: item({ user_id: number().key(), note: string() }),
      computeKey: ({ user_id }) => ({ pk: `notes#${user_id}`, sk: 'note' }),
    });
    expect(undeclaredUserEntities([...entities, notes], userDataRegistry)).toEqual(['user-note (user_id)']);
  });

  it('finds every module that defines an entity (an entity defined elsewhere would escape the check above)', () => {
    const root = join(__dirname, '..');
    const defining = sourceFiles(root)
      .filter((path) => readFileSync(path, 'utf8').includes('new Entity('))
      .map((path) => relative(root, path));
    const checked = defining.filter((path) => /\.(entity|kind)\.ts$/.test(path) || /^lib\/(db|lists)\/[^/]+\.ts$/.test(path));
    expect(defining).toEqual(checked);
  });

  it('names only entities that hold a user, each once, each with its reason', () => {
    const parts = userDataRegistry.flatMap((declaration) => declaration.parts);
    const named = parts.flatMap((part) => part.entities.map((entity) => entity.entityName));
    expect(new Set(named).size).toBe(named.length);
    for (const part of parts) {
      expect(part.why.length).toBeGreaterThan(10);
      for (const entity of part.entities) expect(userAttributesOf(entity)).not.toEqual([]);
    }
  });

  it('reads the admin user detail through exactly the declared detail readers, and deletes the user record last', () => {
    expect(userDataRegistry.filter((declaration) => declaration.detail).map((declaration) => declaration.domain).sort()).toEqual(['audit', 'cases', 'downloads', 'licenses', 'organisations', 'products']);
    expect(userDataRegistry.at(-1)?.domain).toBe('users');
  });
});
