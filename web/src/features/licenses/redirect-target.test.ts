import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

const base = 'https://portal.example.com/licenses?redirect=x';

describe('redirectTarget', () => {
  it('follows web addresses and paths of this site', () => {
    expect(redirectTarget('https://shop.example.com/thanks?x=1', base)).toBe('https://shop.example.com/thanks?x=1');
    expect(redirectTarget('/download', base)).toBe('https://portal.example.com/download');
  });

  it('follows nothing else', () => {
    expect(redirectTarget(null, base)).toBeNull();
    expect(redirectTarget('', base)).toBeNull();
    expect(redirectTarget('javascript:alert(1)', base)).toBeNull();
    expect(redirectTarget(' javascript:alert(1)', base)).toBeNull();
    expect(redirectTarget('java\tscript:alert(1)', base)).toBeNull();
    expect(redirectTarget('data:text/html,hi', base)).toBeNull();
  });
});
