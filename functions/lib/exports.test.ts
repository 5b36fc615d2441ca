import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('CSV exports', () => {
  it('quote cells a spreadsheet would run as a formula, and leave the others as they are', () => {
    const csv = toCsv(['User', 'Product'], [
      ['=HYPERLINK("https://x.example")@evil.example', '+Arc'],
      ['-dana@example.com', '@Ace'],
      ['dana@example.com', 'Arc, 2'],
      ['Acme;=HYPERLINK("https://x.example")', 'Arc\t=1+1'],
    ]);
    expect(csv.split('\n')).toEqual([
      'User,Product',
      `"'=HYPERLINK(""https://x.example"")@evil.example",'+Arc`,
      "'-dana@example.com,'@Ace",
      'dana@example.com,"Arc, 2"',
      // Quoted whole: a spreadsheet that splits on semicolons or tabs never starts a cell at the formula.
      `"Acme;=HYPERLINK(""https://x.example"")","Arc\t=1+1"`,
      '',
    ]);
  });

  it('write every kind of cell the lists export as csv-stringify does with formulas escaped and semicolons and tabs quoted', () => {
    const rows = [
      [1, -5, 0, 2.5, 'plain', '', null, undefined, true, false],
      ['a "quoted" word', 'two\nlines', 'carriage\rreturn', 'comma, here', ' spaced ', '＝full-width', '\tTab', '-', 'ünïcödé'],
      [new Date('2026-11-25T12:00:00Z'), { id: 'Battery', channels: 4 }, ['Arc', 'Ace'], 12345678901234567890n],
    ];
    expect(toCsv(['Id', 'Name'], rows)).toBe(stringify([['Id', 'Name'], ...rows], { escape_formulas: true, quoted_match: /[;\t]/ }));
  });
});
