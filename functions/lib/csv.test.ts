import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('parses quoted CSV cells with commas, quotes and line breaks, and tells each record its line', () => {
    const records = parseCsv('a,b\r\n"x,1","say ""hi""\nthere"\n\nc,d\n');
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x,1', 'say "hi"\nthere'] },
      { line: 5, cells: ['c', 'd'] },
    ]);
  });

  it('ignores a byte order mark and blank lines, and keeps a last line without a line break', () => {
    expect(parseCsv('\ufeffa,b\n\n  \nc,d')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 4, cells: ['c', 'd'] },
    ]);
  });
});
