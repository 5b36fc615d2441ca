import { describe, expect, it } from 'vitest';
import { toCsv } from './exports';

describe('CSV exports', () => {
  it('quote cells a spreadsheet would run as a formula, and leave the others as they are', () => {
    const csv = toCsv(['User', 'Product'], [
      ['=HYPERLINK("https://x.example")@evil.example', '+Arc'],
      ['-dana@example.com', '@Ace'],
      ['dana@example.com', 'Arc, 2'],
    ]);
    expect(csv.split('\n')).toEqual([
      'User,Product',
      `"'=HYPERLINK(""https://x.example"")@evil.example",'+Arc`,
      "'-dana@example.com,'@Ace",
      'dana@example.com,"Arc, 2"',
      '',
    ]);
  });
});
