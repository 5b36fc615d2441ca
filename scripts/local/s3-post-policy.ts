import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What S3 checks on a browser-based upload (a POST of a form with a signed policy) before it stores the
 * file, which s3rver does not (it ignores the policy): the Signature Version 4 signature of the policy,
 * its expiry, each of its conditions (exact values, `starts-with`, `content-length-range`) and that
 * every form field is covered by one. `check` answers S3's refusal, or null when S3 would store the file.
 */

export interface PostRefusal {
  status: 400 | 403;
  code: string;
  message: string;
}

export interface PostUpload {
  bucket: string;
  /** The form's fields except the file, by name as sent. */
  fields: Record<string, string>;
  fileSize: number;
}

type Condition = Record<string, string> | [string, string | number, string | number];

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const refuse = (status: PostRefusal['status'], code: string, message: string): PostRefusal => ({ status, code, message });
const policyFailed = (detail: string) => refuse(403, 'AccessDenied', `Invalid according to Policy: ${detail}`);

/** Fields the policy need not name. */
const unsignedField = (name: string) => ['policy', 'x-amz-signature', 'file'].includes(name) || name.startsWith('x-ignore-');

export function checkPostPolicy(upload: PostUpload, secretOf: (accessKeyId: string) => string | undefined, now = Date.now()): PostRefusal | null {
  // Field names are case-insensitive in S3's policy checks; values are not.
  const fields = Object.fromEntries(Object.entries(upload.fields).map(([name, value]) => [name.toLowerCase(), value]));
  const policy = fields.policy;
  if (!policy) return refuse(403, 'AccessDenied', 'Access Denied');
  if (fields['x-amz-algorithm'] !== 'AWS4-HMAC-SHA256') return refuse(400, 'InvalidArgument', 'x-amz-algorithm must be AWS4-HMAC-SHA256');

  const [accessKeyId, date, region, service, terminator] = (fields['x-amz-credential'] ?? '').split('/');
  const secret = accessKeyId ? secretOf(accessKeyId) : undefined;
  if (!secret || !date || !region || !service || terminator !== 'aws4_request') {
    return refuse(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  const expected = Buffer.from(createHmac('sha256', signingKey).update(policy).digest('hex'));
  const given = Buffer.from(fields['x-amz-signature'] ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return refuse(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }

  let document: { expiration?: string; conditions?: Condition[] };
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as typeof document;
  } catch {
    return refuse(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  const expiration = Date.parse(document.expiration ?? '');
  if (Number.isNaN(expiration)) return refuse(400, 'InvalidPolicyDocument', 'Invalid Policy: Policy missing expiration.');
  if (now >= expiration) return policyFailed('Policy expired.');

  const value = (name: string) => (name === 'bucket' ? upload.bucket : fields[name]);
  const named = new Set<string>();
  for (const condition of document.conditions ?? []) {
    if (!Array.isArray(condition)) {
      for (const [name, expectedValue] of Object.entries(condition)) {
        named.add(name.toLowerCase());
        if (value(name.toLowerCase()) !== expectedValue) return policyFailed(`Policy Condition failed: ["eq", "$${name}", "${expectedValue}"]`);
      }
      continue;
    }
    const [operator, first, second] = condition;
    if (operator === 'content-length-range') {
      if (upload.fileSize > Number(second)) return refuse(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
      if (upload.fileSize < Number(first)) return refuse(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
      continue;
    }
    const name = String(first).replace(/^\$/, '').toLowerCase();
    named.add(name);
    const actual = value(name) ?? '';
    if (operator === 'eq' && actual !== second) return policyFailed(`Policy Condition failed: ["eq", "$${name}", "${second}"]`);
    if (operator === 'starts-with' && !actual.startsWith(String(second))) {
      return policyFailed(`Policy Condition failed: ["starts-with", "$${name}", "${second}"]`);
    }
    if (operator !== 'eq' && operator !== 'starts-with') return refuse(400, 'InvalidPolicyDocument', `Invalid Policy: Invalid condition ${operator}.`);
  }
  const extra = Object.keys(fields).filter((name) => !unsignedField(name) && !named.has(name));
  if (extra.length) return policyFailed(`Extra input fields: ${extra.join(', ')}`);
  return null;
}

/** S3's error document. */
export const errorXml = (refusal: PostRefusal): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${refusal.message.replace(/[<>&"]/g, (ch) => `&#${ch.charCodeAt(0)};`)}</Message></Error>`;
