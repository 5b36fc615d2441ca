import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './web';

describe('the content security policy', () => {
  it('admits only this origin and Cognito without a checkout', () => {
    const csp = contentSecurityPolicy('eu-west-1');
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('frame-src');
  });

  it("admits S3's regional endpoint for presigned uploads (path-style, as presignedUpload addresses it)", () => {
    expect(contentSecurityPolicy('eu-west-1')).toContain("connect-src 'self' https://cognito-idp.eu-west-1.amazonaws.com https://s3.eu-west-1.amazonaws.com;");
  });

  it('admits the storefront script and the popup of a configured checkout', () => {
    const csp = contentSecurityPolicy('eu-west-1', {
      storefront: 'company.onfastspring.com/popup-company',
      scriptUrl: 'https://sbl.onfastspring.com/sbl/1.0.3/fastspring-builder.min.js',
    });
    expect(csp).toContain("script-src 'self' https://sbl.onfastspring.com;");
    expect(csp).toContain('frame-src https://company.onfastspring.com;');
    expect(csp).toContain("connect-src 'self' https://cognito-idp.eu-west-1.amazonaws.com https://s3.eu-west-1.amazonaws.com https://sbl.onfastspring.com https://company.onfastspring.com;");
  });
});
