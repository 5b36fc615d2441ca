import { describe, expect, it } from 'vitest';
import { normalizeEmail } from '../lib/db/entities';
import { handler } from './pre-signup';

describe('pre-signup', () => {
  it('compares addresses without regard to case or surrounding spaces', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });

  it('lets an event without an email through unchanged, touching nothing', async () => {
    const event = { userPoolId: 'p', userName: 'u', request: { userAttributes: {} }, response: {} } as never;
    await expect(handler(event)).resolves.toBe(event);
  });
});
