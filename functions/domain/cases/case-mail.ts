import { CASE_STATE } from '../../../shared/cases/cases';
import { getEmailSender, type Mail } from '../../lib/adapters/email';
import { alertOperators } from '../../lib/logger';
import { portalLink } from '../../lib/portal-address';
import { supportAddress } from '../support-desk';
import { isEnrolledAdmin } from '../users/admin-group';
import { findUserById } from '../users/users.repository';
import type { CaseRecord } from './case-record';

/**
 * Mail about a case, with a link to it: when support answers, the case's customer is told; when the
 * customer writes (opens the case or comments), support and the case's assignee are. A customer's mail
 * carries only what the customer sees on the case: its number, title, the text they are told of and
 * the link; never who in support wrote (customers see "Support"), an admin's address, the assignment or
 * anything internal.
 */

/** Something written on a case, as its mail needs it. */
export interface CaseWriting {
  /** The case as the write left it. */
  kase: Pick<CaseRecord, 'id' | 'title' | 'user_id' | 'name' | 'email' | 'state' | 'assigned_to'>;
  /** `opened`: the case's first text (its description); `comment`: a comment. */
  what: 'opened' | 'comment';
  authorId: number;
  /** Written as support (an admin, also on their own case), else as the case's customer. */
  bySupport: boolean;
  text: string;
  /**
   * Whether the case's customer sees what was written. The caller says so, because only it knows: a note
   * only admins see (an internal comment) passes false and mails nobody, not even support, so nothing
   * internal ever leaves by mail.
   */
  visibleToCustomer: boolean;
}

/** Who is to be told: the customer, support's desk, the assignee. */
export interface CaseMailAudience {
  customer: boolean;
  support: boolean;
  assignee: boolean;
}

/**
 * Who hears of a writing. Support's answer goes to the customer (unless the customer wrote it: an admin
 * on their own case, or the account is deleted and the case's email blanked). The customer's writing goes
 * to support and to the assignee (an admin other than the writer); a case they open is also confirmed to
 * them (that it was received and where it is answered). A writing the customer does not see goes to nobody.
 */
export function caseMailAudience(writing: CaseWriting): CaseMailAudience {
  const { kase, authorId, bySupport, visibleToCustomer, what } = writing;
  if (!visibleToCustomer) return { customer: false, support: false, assignee: false };
  if (bySupport) return { customer: kase.user_id !== authorId && kase.email !== '', support: false, assignee: false };
  return { customer: what === 'opened' && kase.email !== '', support: true, assignee: kase.assigned_to !== undefined && kase.assigned_to !== authorId };
}

/** The addresses of the audience, as they are now (absent: nobody to tell). */
export interface CaseMailAddresses {
  customer?: string;
  support?: string;
  assignee?: string;
}

/** A subject line of the case: one line, whatever the title holds, and not overlong. */
const caseLine = (kase: CaseWriting['kase']) => {
  const title = kase.title.replace(/\s+/g, ' ').trim();
  return `case ${kase.id}: ${title.length > 120 ? `${title.slice(0, 119)}…` : title}`;
};

/** The most of a writing's text a mail quotes: the case itself has the whole of it. */
export const MAIL_EXCERPT_CHARACTERS = 2000;

/** A writing's text as a mail quotes it: whole when short, else its beginning (cut at a space) and where the rest is. */
export function mailExcerpt(text: string): string {
  if (text.length <= MAIL_EXCERPT_CHARACTERS) return text;
  const cut = text.slice(0, MAIL_EXCERPT_CHARACTERS);
  const space = cut.search(/\s\S*$/);
  return `${(space > MAIL_EXCERPT_CHARACTERS / 2 ? cut.slice(0, space) : cut).trimEnd()} …\n\n(The rest of the text is on the case.)`;
}

/** The mail to the customer: that support opened a case for them, that their case was received, or support's answer; and the link, nothing else. */
function customerMail(writing: CaseWriting, to: string, link: string): Mail {
  const { kase, text } = writing;
  if (writing.what === 'opened' && writing.bySupport) {
    return {
      to,
      subject: `Support opened your ${caseLine(kase)}`,
      text: [
        `Support opened case ${kase.id}, "${kase.title}", for you:`,
        '',
        mailExcerpt(text),
        '',
        `See the case and answer at ${link}`,
      ].join('\n'),
    };
  }
  if (writing.what === 'opened') {
    return {
      to,
      subject: `We received your ${caseLine(kase)}`,
      text: [
        `We received your case ${kase.id}, "${kase.title}". Support answers on the case, and you get a mail when they do.`,
        '',
        'You wrote:',
        '',
        mailExcerpt(text),
        '',
        `See the case at ${link}`,
      ].join('\n'),
    };
  }
  const closed = kase.state === CASE_STATE.closed;
  return {
    to,
    subject: `Support answered your ${caseLine(kase)}`,
    text: [
      `Support answered your case ${kase.id}, "${kase.title}":`,
      '',
      mailExcerpt(text),
      '',
      ...(closed ? ['The case is closed. Write on it to open it again.', ''] : []),
      `See the case and answer at ${link}`,
    ].join('\n'),
  };
}

/** The mail to support and the assignee: who wrote, what, and the link. */
function supportMail(writing: CaseWriting, to: string, link: string): Mail {
  const { kase, text, what } = writing;
  const who = `${kase.name || 'The customer'} (user ${kase.user_id}${kase.email ? `, ${kase.email}` : ''})`;
  return {
    to,
    subject: what === 'opened' ? `New ${caseLine(kase)}` : `Customer wrote on ${caseLine(kase)}`,
    text: [
      what === 'opened' ? `${who} opened case ${kase.id}, "${kase.title}":` : `${who} wrote on case ${kase.id}, "${kase.title}":`,
      '',
      mailExcerpt(text),
      '',
      `Open the case at ${link}`,
    ].join('\n'),
  };
}

/**
 * The mails of a writing, at most one per address (support's desk may be the assignee's own mailbox):
 * `link` is the case's address in the portal.
 */
export function caseMails(writing: CaseWriting, addresses: CaseMailAddresses, link: string): Mail[] {
  const audience = caseMailAudience(writing);
  const mails = [
    ...(audience.customer && addresses.customer ? [customerMail(writing, addresses.customer, link)] : []),
    ...(audience.support && addresses.support ? [supportMail(writing, addresses.support, link)] : []),
    ...(audience.assignee && addresses.assignee ? [supportMail(writing, addresses.assignee, link)] : []),
  ];
  const seen = new Set<string>();
  return mails.filter((mail) => {
    const address = mail.to.trim().toLowerCase();
    if (seen.has(address)) return false;
    seen.add(address);
    return true;
  });
}

/** Where the mail's recipients are looked up: the users' records, and who is in the Admin group now. */
export interface CaseMailDirectory {
  userOf(id: number): Promise<{ email: string; username: string } | null>;
  isAdmin(username: string): Promise<boolean>;
}

const usersDirectory: CaseMailDirectory = { userOf: findUserById, isAdmin: isEnrolledAdmin };

/**
 * The audience's addresses: the customer's and the assignee's as their accounts hold them now (a
 * changed email is taken over; a user that is gone has none). An assignee who has left the Admin group
 * since the case was assigned to them is not told: case mail may carry what only support sees.
 */
export async function addressesFor(writing: CaseWriting, audience: CaseMailAudience, directory: CaseMailDirectory = usersDirectory): Promise<CaseMailAddresses> {
  const addressOf = async (userId: number | undefined, mustBeAdmin: boolean) => {
    if (userId === undefined) return undefined;
    const user = await directory.userOf(userId);
    if (!user?.email) return undefined;
    if (mustBeAdmin && !(await directory.isAdmin(user.username))) return undefined;
    return user.email;
  };
  const [customer, assignee] = await Promise.all([
    audience.customer ? addressOf(writing.kase.user_id, false) : undefined,
    audience.assignee ? addressOf(writing.kase.assigned_to, true) : undefined,
  ]);
  return { customer, assignee, support: audience.support ? supportAddress() : undefined };
}

/**
 * Sends the mails of a writing that is already stored. It never fails the writing: a mail that cannot be
 * sent, or recipients that cannot be read, raise the operators' mail alarm and are otherwise let go.
 */
export async function mailCaseWriting(writing: CaseWriting): Promise<void> {
  const audience = caseMailAudience(writing);
  if (!audience.customer && !audience.support && !audience.assignee) return;
  let mails: Mail[];
  try {
    const [addresses, link] = await Promise.all([addressesFor(writing, audience), portalLink(`/cases/${writing.kase.id}`)]);
    mails = caseMails(writing, addresses, link);
  } catch (error) {
    alertOperators('mailFailed', 'Case mail not sent: its recipients could not be read', { case_id: writing.kase.id, error: error as Error });
    return;
  }
  const sender = getEmailSender();
  // A failed send has raised the alarm already (the sender logs it); the other recipients are still told.
  await Promise.all(mails.map((mail) => sender.send(mail).catch(() => undefined)));
}
