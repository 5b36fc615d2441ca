import { describe, expect, it } from 'vitest';
import { ENV } from '../../shared/runtime';
import { LOCAL_SUPPORT_ADDRESS, supportAddress } from './support-desk';

describe("the support desk's address", () => {
  it("is the support desk's mailbox, else the portal's sender, else the local support address", () => {
    expect(supportAddress({ [ENV.supportEmail]: 'help@example.org', [ENV.mailFrom]: 'portal@example.org' })).toBe('help@example.org');
    expect(supportAddress({ [ENV.mailFrom]: 'portal@example.org' })).toBe('portal@example.org');
    expect(supportAddress({})).toBe(LOCAL_SUPPORT_ADDRESS);
  });
});
