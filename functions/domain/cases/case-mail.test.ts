import { describe, expect, it } from 'vitest';
import { MAIL_EXCERPT_CHARACTERS, addressesFor, caseMailAudience, caseMails, type CaseMailDirectory, type CaseWriting } from './case-mail';

const CUSTOMER = 42;
const ADMIN = 7;
const ASSIGNEE = 9;
const link = 'https://d123.cloudfront.net/cases/12';
const addresses = { customer: 'dana@example.com', support: 'support@help.example.com', assignee: 'sam@staff.example.com' };

const kase: CaseWriting['kase'] = { id: 12, title: 'Logger stops after an hour', user_id: CUSTOMER, name: 'Dana Lee', email: 'dana@example.com', state: 3 };
const answer = (changes: Partial<CaseWriting> = {}): CaseWriting => ({
  kase: { ...kase, state: 2, assigned_to: ASSIGNEE },
  what: 'comment',
  authorId: ADMIN,
  bySupport: true,
  text: 'Which firmware do you run?',
  visibleToCustomer: true,
  ...changes,
});
const customerComment = (changes: Partial<CaseWriting> = {}): CaseWriting => ({
  kase,
  what: 'comment',
  authorId: CUSTOMER,
  bySupport: false,
  text: 'Version 1.4',
  visibleToCustomer: true,
  ...changes,
});

describe('who hears of a case writing', () => {
  it("tells the customer of support's answer, and nobody else", () => {
    expect(caseMailAudience(answer())).toEqual({ customer: true, support: false, assignee: false });
  });

  it("tells support, and the assignee when there is one, of the customer's comment or new case", () => {
    expect(caseMailAudience(customerComment())).toEqual({ customer: false, support: true, assignee: false });
    expect(caseMailAudience(customerComment({ kase: { ...kase, assigned_to: ASSIGNEE } }))).toEqual({ customer: false, support: true, assignee: true });
  });

  it('confirms a case to the customer who opened it, beside telling support', () => {
    expect(caseMailAudience(customerComment({ what: 'opened' }))).toEqual({ customer: true, support: true, assignee: false });
    expect(caseMailAudience(customerComment({ what: 'opened', kase: { ...kase, email: '' } })).customer).toBe(false);
  });

  it('tells nobody of what the customer does not see (an internal note), even support', () => {
    expect(caseMailAudience(answer({ visibleToCustomer: false }))).toEqual({ customer: false, support: false, assignee: false });
    expect(caseMailAudience(customerComment({ visibleToCustomer: false, kase: { ...kase, assigned_to: ASSIGNEE } }))).toEqual({
      customer: false,
      support: false,
      assignee: false,
    });
  });

  it("does not mail an admin their own answer on their own case, nor a deleted account's blanked address", () => {
    expect(caseMailAudience(answer({ authorId: CUSTOMER })).customer).toBe(false);
    expect(caseMailAudience(answer({ kase: { ...kase, name: '', email: '' } })).customer).toBe(false);
  });
});

describe("the customer's mail", () => {
  const [mail, ...others] = caseMails(answer(), addresses, link);

  it("goes to the customer alone, names the case's number and title, and carries the answer and the link", () => {
    expect(others).toEqual([]);
    expect(mail!.to).toBe('dana@example.com');
    expect(mail!.subject).toBe('Support answered your case 12: Logger stops after an hour');
    expect(mail!.text).toContain('Which firmware do you run?');
    expect(mail!.text).toContain(link);
  });

  it('carries nothing internal: no admin, no address but the link, no assignment', () => {
    expect(mail!.text).not.toMatch(/@/);
    expect(mail!.text).not.toMatch(/assign/i);
    expect(mail!.text).not.toMatch(new RegExp(`\\b(${ADMIN}|${ASSIGNEE})\\b`));
  });

  it('says so when the answer closed the case', () => {
    expect(caseMails(answer({ kase: { ...kase, state: 0 } }), addresses, link)[0]!.text).toContain('The case is closed');
    expect(mail!.text).not.toContain('closed');
  });
});

describe('the mail that a case was received', () => {
  const mails = caseMails(customerComment({ what: 'opened', text: 'It stops at 60 minutes.' }), addresses, link);
  const received = mails.find((mail) => mail.to === addresses.customer)!;

  it('tells the customer their case was received, what they wrote and where it is answered; support gets its own', () => {
    expect(mails.map((mail) => mail.to)).toEqual([addresses.customer, addresses.support]);
    expect(received.subject).toBe('We received your case 12: Logger stops after an hour');
    expect(received.text).toContain('We received your case 12');
    expect(received.text).toContain('It stops at 60 minutes.');
    expect(received.text).toContain(link);
  });
});

describe('the mail that support opened a case for the customer', () => {
  const mails = caseMails(answer({ what: 'opened', kase: { ...kase, state: 1 }, text: 'Dana called: it stops at 60 minutes.' }), addresses, link);

  it('goes to the customer alone, says support opened it for them, with what support wrote and the link', () => {
    expect(mails.map((mail) => mail.to)).toEqual([addresses.customer]);
    expect(mails[0]!.subject).toBe('Support opened your case 12: Logger stops after an hour');
    expect(mails[0]!.text).toContain('Dana called: it stops at 60 minutes.');
    expect(mails[0]!.text).toContain(link);
    expect(mails[0]!.text).not.toContain('We received');
  });
});

describe('what a mail quotes', () => {
  it('is the whole text when short, else its beginning and where the rest is, for every audience', () => {
    const long = `${'word '.repeat(13_000)}THE END`;
    for (const writing of [answer({ text: long }), customerComment({ text: long }), customerComment({ what: 'opened', text: long })]) {
      for (const mail of caseMails(writing, addresses, link)) {
        expect(mail.text.length).toBeLessThan(MAIL_EXCERPT_CHARACTERS + 600);
        expect(mail.text).not.toContain('THE END');
        expect(mail.text).toContain('(The rest of the text is on the case.)');
        expect(mail.text).toContain(link);
      }
    }
    expect(caseMails(answer(), addresses, link)[0]!.text).not.toContain('The rest');
  });
});

describe("support's mail", () => {
  it('goes to support and the assignee, once each, naming the customer, with the comment and the link', () => {
    const mails = caseMails(customerComment({ kase: { ...kase, assigned_to: ASSIGNEE } }), addresses, link);
    expect(mails.map((mail) => mail.to)).toEqual(['support@help.example.com', 'sam@staff.example.com']);
    for (const mail of mails) {
      expect(mail.subject).toBe('Customer wrote on case 12: Logger stops after an hour');
      expect(mail.text).toContain('Dana Lee (user 42, dana@example.com) wrote on case 12');
      expect(mail.text).toContain('Version 1.4');
      expect(mail.text).toContain(link);
    }
  });

  it('says a case is new, with its description', () => {
    const mail = caseMails(customerComment({ what: 'opened', text: 'It stops at 60 minutes.' }), addresses, link).find((sent) => sent.to === addresses.support);
    expect(mail!.subject).toBe('New case 12: Logger stops after an hour');
    expect(mail!.text).toContain('opened case 12');
    expect(mail!.text).toContain('It stops at 60 minutes.');
  });

  it('is sent once to an address that is both support and the assignee', () => {
    const shared = { ...addresses, assignee: 'Support@Help.example.com' };
    expect(caseMails(customerComment({ kase: { ...kase, assigned_to: ASSIGNEE } }), shared, link)).toHaveLength(1);
  });

  it('keeps the subject to one line of bounded length, whatever the title', () => {
    const [mail] = caseMails(customerComment({ kase: { ...kase, title: `Line one\nBcc: x@example.com ${'long '.repeat(40)}` } }), addresses, link);
    expect(mail!.subject).not.toMatch(/\n/);
    expect(mail!.subject.length).toBeLessThanOrEqual(160);
  });
});

describe('no mail', () => {
  it('without an address for the audience (a user that is gone)', () => {
    expect(caseMails(answer(), { ...addresses, customer: undefined }, link)).toEqual([]);
  });
});

describe("the assignee's address", () => {
  const people: Record<number, { email: string; username: string }> = {
    [CUSTOMER]: { email: 'dana@example.com', username: 'dana' },
    [ASSIGNEE]: { email: 'sam@staff.example.com', username: 'sam' },
  };
  const directory = (admins: string[]): CaseMailDirectory => ({
    userOf: (id) => Promise.resolve(people[id] ?? null),
    isAdmin: (username) => Promise.resolve(admins.includes(username)),
  });
  const writing = customerComment({ kase: { ...kase, assigned_to: ASSIGNEE } });
  const audience = caseMailAudience(writing);

  it('is the assigned admin\'s, while they are an admin', async () => {
    expect(await addressesFor(writing, audience, directory(['sam']))).toMatchObject({ assignee: 'sam@staff.example.com' });
  });

  it('is none once the assignee has left the Admin group: support alone is told', async () => {
    const addresses = await addressesFor(writing, audience, directory([]));
    expect(addresses.assignee).toBeUndefined();
    expect(caseMails(writing, addresses, link).map((mail) => mail.to)).toEqual([addresses.support].filter(Boolean));
  });
});
