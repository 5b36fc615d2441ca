import { describe, expect, it } from 'vitest';
import { noResponseText } from './no-response';

describe('an endpoint that did not answer', () => {
  it('is the license server’s own text when lic/5 could not be reached or failed', () => {
    for (const status of [0, 500, 502, 503, 504]) {
      expect(noResponseText('lic/5', status), String(status)).toBe('No response from license server');
    }
  });

  it('is no special text when lic/5 answered, or for another endpoint', () => {
    for (const status of [200, 400, 401, 403, 404, 413, 429]) expect(noResponseText('lic/5', status), String(status)).toBeUndefined();
    expect(noResponseText('user', 0)).toBeUndefined();
    expect(noResponseText('user', 503)).toBeUndefined();
    expect(noResponseText('toString', 0)).toBeUndefined();
  });
});
