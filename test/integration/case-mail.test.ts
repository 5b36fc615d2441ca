import { describe, expect, it } from 'vitest';
import type { LocalMail } from '../../functions/lib/adapters/local-outbox';
import { forgetCaseOwner } from '../../functions/domain/cases/cases';
import { LOCAL_SUPPORT_ADDRESS } from '../../functions/domain/support-desk';
import { asUnit, callApi, createAdminUser, createConfirmedUser, stackContext } from '../support/api';
import { withUserId } from '../support/licenses';

/**
 * Mail about support cases, read from the local mailbox: a customer's new case and comments reach support
 * (and the case's assignee), support's answers reach the customer, each with the link to the case at the
 * portal's own address, and a customer's mail carries nothing of support's inside. Each test reads only
 * the mails that name its own case.
 */
const { baseUrl } = stackContext();
const customer = () => createConfirmedUser().then(withUserId);
const admin = () => createAdminUser().then(withUserId);
type User = Awaited<ReturnType<typeof customer>>;

const call = async (user: User, cmd: string, params: Record<string, unknown>) => {
  const res = await callApi('case', { cmd, ...params }, user.accessToken);
  expect(res.status, String(res.body.message)).toBe(200);
  return res.body.data as Record<string, unknown>;
};
const openCase = async (user: User, title: string) =>
  (await call(user, 'create_case', { title, description: 'It stops at 60 minutes every time.' })).id as number;

/** The mails that link to case `id`, oldest first. */
async function mailsOfCase(id: number): Promise<LocalMail[]> {
  const mails = (await (await fetch(`${baseUrl}/local/mailbox.json`)).json()) as LocalMail[];
  return mails.filter((mail) => mail.text.includes(`/cases/${id}\n`) || mail.text.endsWith(`/cases/${id}`)).reverse();
}

const users = Promise.all([customer(), admin(), admin()]);

describe('mail about a support case', () => {
  it("tells support of a new case, with the description and the link at the portal's address; the customer that it was received", async () => {
    const [ann] = await users;
    const id = await openCase(ann, 'Logger stops after an hour');
    const mails = await mailsOfCase(id);
    expect(mails.map((mail) => mail.to).sort()).toEqual([LOCAL_SUPPORT_ADDRESS, ann.email].sort());
    const received = mails.find((mail) => mail.to === ann.email)!;
    expect(received.subject).toBe(`We received your case ${id}: Logger stops after an hour`);
    expect(received.text).toContain(`${baseUrl}/cases/${id}`);
    mails.splice(mails.indexOf(received), 1);
    expect(mails[0]!.subject).toBe(`New case ${id}: Logger stops after an hour`);
    expect(mails[0]!.text).toContain('It stops at 60 minutes every time.');
    expect(mails[0]!.text).toContain(`${ann.email}`);
    expect(mails[0]!.text).toContain(`${baseUrl}/cases/${id}`);
    // The local mailbox page shows it as a link to follow.
    expect(await (await fetch(`${baseUrl}/local/mailbox`)).text()).toContain(`<a href="/cases/${id}">${baseUrl}/cases/${id}</a>`);
  });

  it("tells support and the assignee, once each, of the customer's comment", async () => {
    const [ann, support, assignee] = await users;
    const id = await openCase(ann, 'Battery readings drift');
    await call(support, 'assign_case', { case_id: id, user_id: assignee.id });
    await call(ann, 'add_comment', { case_id: id, comment: 'It drifts by 2 % an hour.' });
    const mails = (await mailsOfCase(id)).filter((mail) => mail.text.includes('It drifts by 2 % an hour.'));
    expect(mails.map((mail) => mail.to).sort()).toEqual([LOCAL_SUPPORT_ADDRESS, assignee.email].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe(`Customer wrote on case ${id}: Battery readings drift`);
      expect(mail.text).toContain(`${baseUrl}/cases/${id}`);
    }
    // Neither the admin who assigned nor the customer is told of the customer's own comment.
    expect((await mailsOfCase(id)).filter((mail) => mail.text.includes('It drifts by 2 % an hour.') && (mail.to === support.email || mail.to === ann.email))).toEqual([]);
  });

  it("tells the customer alone of support's answer, with the answer and the link, and nothing of support's inside", async () => {
    const [ann, support, assignee] = await users;
    const id = await openCase(ann, 'Firmware update fails');
    await call(support, 'assign_case', { case_id: id, user_id: assignee.id });
    await call(support, 'add_comment', { case_id: id, comment: 'Please try version 1.5.' });

    const answers = (await mailsOfCase(id)).filter((mail) => mail.text.includes('Please try version 1.5.'));
    expect(answers.map((mail) => mail.to)).toEqual([ann.email]);
    const [answer] = answers;
    expect(answer!.subject).toBe(`Support answered your case ${id}: Firmware update fails`);
    expect(answer!.text).toContain(`${baseUrl}/cases/${id}`);
    const whole = `${answer!.subject}\n${answer!.text}`;
    for (const inside of [support.email, support.username, assignee.email, assignee.username]) {
      expect(whole).not.toContain(inside);
    }
    expect(whole).not.toMatch(/assign/i);
    expect(whole).not.toContain('@');
  });

  it('says so when the answer closes the case', async () => {
    const [ann, support] = await users;
    const id = await openCase(ann, 'Done question');
    await call(support, 'add_comment', { case_id: id, comment: 'Fixed in 1.5', close: true });
    const [answer] = (await mailsOfCase(id)).filter((mail) => mail.to === ann.email && mail.subject.startsWith('Support answered'));
    expect(answer!.text).toContain('Fixed in 1.5');
    expect(answer!.text).toContain('The case is closed');
  });

  it("mails no customer whose account is deleted (the case's address blanked)", async () => {
    const [, support] = await users;
    const gone = await customer();
    const id = await openCase(gone, 'Gone customer');
    // What the account deletion does to the user's cases.
    await asUnit({ endpoint: 'case' }, () => forgetCaseOwner(gone.id));
    await call(support, 'add_comment', { case_id: id, comment: 'Anyone there?' });
    expect((await mailsOfCase(id)).filter((mail) => mail.text.includes('Anyone there?'))).toEqual([]);
  });
});
