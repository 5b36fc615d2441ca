import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { API_CLIENT, API_VERSION, apiMessages } from '../../shared/api';
import { CASE_LIMITS, CASE_UPLOAD_BYTES, MAX_ATTACHMENT_BYTES, MAX_COMMENT_LENGTH, MAX_MULTIPART_ATTACHMENT_BYTES, caseMessages } from '../../shared/cases/cases';
import type { Case, CaseAttachment, CaseComment } from '../../shared/contract/case';
import { forgetCaseOwner } from '../../functions/domain/cases/cases';
import { counterDifferences } from '../../functions/domain/counted-records';
import { asUnit, callApi, createAdminUser, createConfirmedUser, stackContext, uploadApi } from '../support/api';
import { withUserId } from '../support/licenses';
import { attemptLimits } from '../../shared/contract/limits';

/**
 * Support cases over the wire: the `case` endpoint as a client written from the spec calls it, with a
 * second customer for ownership, an admin for the state machine, statistics under concurrent comments,
 * the limits, and attachment links opened at the portal's /attachments path.
 */
const { baseUrl, localStack } = stackContext();
const customer = () => createConfirmedUser().then(withUserId);
const admin = () => createAdminUser().then(withUserId);
type User = Awaited<ReturnType<typeof customer>>;

const call = async <T = unknown>(user: { accessToken: string }, cmd: string, params: Record<string, unknown> = {}) => {
  const res = await callApi('case', { cmd, ...params }, user.accessToken);
  return { status: res.status, message: res.body.message, data: res.body.data as T };
};
type CaseDetail = Case & { comments: { id: number; comment: string; user_id: number; by_admin: boolean }[]; attachments: CaseAttachment[]; history?: { kind: string; to_state: number | null; by_user_id: number; assigned_to: number | null }[] };

const openCase = async (user: User, title = 'Logger stops after an hour') => {
  const res = await call<{ id: number }>(user, 'create_case', { title, description: 'It stops at 60 minutes every time.' });
  expect(res.status, res.message).toBe(200);
  return res.data.id;
};
const getCase = (user: { accessToken: string }, id: number) => call<CaseDetail>(user, 'get_case', { id });
const stateOf = async (user: { accessToken: string }, id: number) => (await getCase(user, id)).data.state;
const attach = (user: User, caseId: number, name: string, content: string | Uint8Array<ArrayBuffer>) =>
  uploadApi('case', { cmd: 'upload_case_attachment', case_id: caseId, uploaded_file: { name, content } }, user.accessToken);

/** Moves the clock the local edge checks links by (a test stack's local-only control). */
async function edgeClockAhead(seconds: number): Promise<void> {
  const answer = await fetch(`${baseUrl}/local/edge-clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ offset_seconds: seconds }) });
  expect(answer.status).toBe(200);
}

const users = Promise.all([customer(), customer(), admin()]);

/** The local S3 as a test reads it (what is stored, not what is served). */
const s3 = new S3Client({
  region: 'us-east-1',
  endpoint: localStack.endpoints.s3,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});
/** The keys an attachment's files are stored under in the attachments bucket. */
const storedFilesOf = async (attachment: { case_id: number; id: number }) =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: localStack.resources.buckets.attachments!, Prefix: `${attachment.case_id}/${attachment.id}/` }))).Contents ?? []).map((object) => object.Key);
/** Whether the staging bucket holds something under a key. */
const staged = (key: string) =>
  s3.send(new HeadObjectCommand({ Bucket: localStack.resources.buckets.staging!, Key: key })).then(
    () => true,
    () => false,
  );

type Upload = { attachment: CaseAttachment; upload: { url: string; fields: Record<string, string> } };
/** Posts a presigned form with a file, as the browser does: its fields, then the file. */
const postForm = async ({ upload }: Upload, bytes: string, type = 'text/csv') => {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([bytes], { type }), 'file');
  return (await fetch(upload.url, { method: 'POST', body: form })).status;
};

describe('the case state machine, cmd by cmd', () => {
  it('opens as New (1); an admin comment makes it 2, a customer comment 3, close 0, a customer comment reopens it (3), a comment with close 0', async () => {
    const [ann, , support] = await users;
    const id = await openCase(ann);
    expect(await stateOf(ann, id)).toBe(1);

    const answered = await call<{ state: number }>(support, 'add_comment', { case_id: id, comment: 'Which firmware?' });
    expect(answered.data.state).toBe(2);
    const replied = await call<{ state: number }>(ann, 'add_comment', { case_id: id, comment: 'Version 1.4' });
    expect(replied.data.state).toBe(3);
    expect((await call(support, 'close_case', { case_id: id })).data).toEqual({ case_id: id, state: 0 });
    expect(await stateOf(ann, id)).toBe(0);
    const reopened = await call<{ state: number }>(ann, 'add_comment', { case_id: id, comment: 'It happened again' });
    expect(reopened.data.state).toBe(3);
    const closedWithComment = await call<{ state: number }>(support, 'add_comment', { case_id: id, comment: 'Fixed in 1.5', close: true });
    expect(closedWithComment.data.state).toBe(0);

    const detail = (await getCase(support, id)).data;
    expect(detail.comments.map((comment) => [comment.comment, comment.by_admin])).toEqual([
      ['Which firmware?', true],
      ['Version 1.4', false],
      ['It happened again', false],
      ['Fixed in 1.5', true],
    ]);
    // Every state change with who made it.
    expect(detail.history!.filter((event) => event.kind === 'state').map((event) => [event.to_state, event.by_user_id])).toEqual([
      [1, ann.id],
      [2, support.id],
      [3, ann.id],
      [0, support.id],
      [3, ann.id],
      [0, support.id],
    ]);
    // A customer does not read the history.
    expect((await getCase(ann, id)).data.history).toBeUndefined();
  });

  it('assigns to an admin and clears with an empty value, kept in the history; a non-admin cannot be assigned, and customers cannot assign', async () => {
    const [ann, bob, support] = await users;
    const id = await openCase(ann);
    expect((await call(support, 'assign_case', { case_id: id, user_id: support.id })).data).toEqual({ case_id: id, assigned_to: support.id });
    expect((await getCase(ann, id)).data.assigned_to).toBe(support.id);
    expect((await call(support, 'assign_case', { case_id: id, user_id: '' })).data).toEqual({ case_id: id, assigned_to: null });
    const notAdmin = await call(support, 'assign_case', { case_id: id, user_id: bob.id });
    expect(notAdmin).toMatchObject({ status: 400, message: caseMessages.assigneeNotAdmin(bob.id) });
    const history = (await getCase(support, id)).data.history!.filter((event) => event.kind === 'assign');
    expect(history.map((event) => [event.assigned_to, event.by_user_id])).toEqual([
      [support.id, support.id],
      [null, support.id],
    ]);
    expect((await call(ann, 'assign_case', { case_id: id })).status).toBe(403);
  });

  it('is closed by its customer without a comment (never by another), and lists for support among the cases assigned to nobody', async () => {
    const [, bob, support] = await users;
    const eve = await customer();
    const id = await openCase(eve);
    const assigned = await openCase(eve);
    await call(support, 'assign_case', { case_id: assigned, user_id: support.id });
    const unassigned = await call<{ cases: Case[] }>(support, 'get_cases', { assigned_to: 0, user: eve.id });
    expect(unassigned.data.cases.map((row) => row.id)).toEqual([id]);

    expect((await call(bob, 'close_case', { case_id: id })).status).toBe(404);
    expect(await call(eve, 'close_case', { case_id: id })).toMatchObject({ status: 200, data: { case_id: id, state: 0 } });
    const closed = (await getCase(support, id)).data;
    expect(closed.comments).toEqual([]);
    expect(closed.history!.at(-1)).toMatchObject({ kind: 'state', to_state: 0, by_user_id: eve.id });
    // Closing again writes nothing.
    expect((await call(eve, 'close_case', { case_id: id })).status).toBe(200);
    expect((await getCase(eve, id)).data.updated).toBe(closed.updated);
  });
});

describe('a case support opens for a customer', () => {
  it("is the customer's (listed, mailed, audited as the admin's); a customer sending a user id, or an unknown id, opens nothing", async () => {
    const [ann, , support] = await users;
    const fay = await customer();
    const opened = await call<{ id: number }>(support, 'create_case', { title: 'Called about the logger', description: 'Fay called: it stops after an hour.', user_id: fay.id });
    expect(opened.status, opened.message).toBe(200);
    const id = opened.data.id;

    const listed = await call<{ cases: Case[] }>(fay, 'get_cases');
    expect(listed.data.cases.map((row) => [row.id, row.user_id])).toEqual([[id, fay.id]]);
    const kase = (await getCase(support, id)).data;
    expect(kase).toMatchObject({ user_id: fay.id, email: fay.email, state: 1 });
    expect(kase.history![0]).toMatchObject({ kind: 'state', to_state: 1, by_user_id: support.id });
    const mails = ((await (await fetch(`${baseUrl}/local/mailbox.json`)).json()) as { to: string; subject: string; text: string }[]).filter((mail) => mail.to === fay.email && mail.text.includes('/cases/'));
    expect(mails.map((mail) => mail.subject)).toEqual([`Support opened your case ${id}: Called about the logger`]);
    const audit = await callApi('user', { cmd: 'get_audit_entries', by_user_id: support.id, limit: 100 }, support.accessToken);
    const entry = (audit.body.data as { entries: { cmd?: string; target: string; user_ids: number[]; after?: string }[] }).entries.find((row) => row.target === `case#${id}`);
    expect(entry).toMatchObject({ cmd: 'case/create_case', user_ids: [fay.id] });
    expect(JSON.parse(entry!.after!)).toMatchObject({ user_id: fay.id });

    // A customer may not open a case for anyone, themselves by id included; an unknown user gets none.
    for (const user_id of [fay.id, ann.id]) {
      expect(await call(ann, 'create_case', { title: 'For Fay', description: 'Not mine to open.', user_id })).toMatchObject({ status: 403, message: caseMessages.openForCustomerAdminsOnly });
    }
    const unknown = 999_999_999;
    expect(await call(support, 'create_case', { title: 'Nobody', description: 'No such user.', user_id: unknown })).toMatchObject({ status: 404, message: caseMessages.customerNotFound(unknown) });
    for (const who of [fay, ann]) {
      const theirs = await call<{ cases: Case[] }>(support, 'get_cases', { user: who.id });
      expect(theirs.data.cases.filter((row) => row.title === 'For Fay')).toEqual([]);
    }
    expect((await call<{ count: number }>(support, 'get_cases', { user: fay.id })).data.count).toBe(1);
  });
});

describe('a second customer', () => {
  it('cannot read, list, comment on, attach to or take files from another customer\'s case, and changes nothing', async () => {
    const [ann, bob] = await users;
    const id = await openCase(ann, 'Private problem');
    const upload = await attach(ann, id, 'run.log', 'line 1\n');
    expect(upload.status, upload.body.message).toBe(200);
    const attachment = upload.body.data as CaseAttachment;
    const before = (await getCase(ann, id)).data;

    expect(await getCase(bob, id)).toMatchObject({ status: 404, message: caseMessages.notFound(id) });
    expect(await call(bob, 'add_comment', { case_id: id, comment: 'hello' })).toMatchObject({ status: 404, message: caseMessages.notFound(id) });
    expect((await attach(bob, id, 'x.txt', 'x')).status).toBe(404);
    expect((await call(bob, 'create_attachment_upload', { case_id: id, filename: 'x.txt', size: 10 })).status).toBe(404);
    expect(await call(bob, 'delete_attachment', { attachment_id: attachment.id })).toMatchObject({ status: 404, message: caseMessages.attachmentNotFound(attachment.id) });
    expect((await call(bob, 'complete_attachment_upload', { attachment_id: attachment.id })).status).toBe(404);
    const bobsList = await call<{ cases: Case[]; count: number }>(bob, 'get_cases', { user: ann.id });
    expect(bobsList.data.cases.map((kase) => kase.id)).not.toContain(id);

    expect((await getCase(ann, id)).data).toEqual({ ...before, attachments: before.attachments.map((a) => ({ ...a, link: expect.any(String) })) });
    // The file is still there for its owner.
    expect((await fetch(`${baseUrl}${attachment.link}`)).status).toBe(200);
  });

  it('lists only their own cases, last updated first, paged, with the state filters; opens at most 10 cases an hour', async () => {
    const carol = await customer();
    const support = (await users)[2];
    const ids: number[] = [];
    for (let i = 0; i < CASE_LIMITS.cases; i++) ids.push(await openCase(carol, `Case ${i}`));
    const over = await call(carol, 'create_case', { title: 'One more', description: 'x' });
    expect(over).toMatchObject({ status: 429, message: attemptLimits.createCase.message });
    await call(support, 'close_case', { case_id: ids[0] });

    const first = await call<{ cases: Case[]; count: number }>(carol, 'get_cases', {});
    expect(first.data.count).toBe(CASE_LIMITS.cases);
    expect(first.data.cases.map((kase) => kase.id)).toEqual([ids[0], ...ids.slice(1).reverse()]); // closed last: updated last
    const paged = await call<{ cases: Case[]; count: number }>(carol, 'get_cases', { limit: 4, page: 3 });
    expect(paged.data.cases.map((kase) => kase.id)).toEqual(ids.slice(1, 3).reverse());
    const open = await call<{ cases: Case[]; count: number }>(carol, 'get_cases', { state: [1, 2, 3] });
    expect(open.data.count).toBe(CASE_LIMITS.cases - 1);
    const closed = await call<{ cases: Case[]; count: number }>(carol, 'get_cases', { state: [0] });
    expect(closed.data.cases.map((kase) => kase.id)).toEqual([ids[0]]);
    // An admin finds them by user, state and search in the declared list.
    const byUser = await call<{ cases: Case[]; count: number }>(support, 'get_cases', { user: carol.id, state: [1, 3] });
    expect(byUser.data.count).toBe(CASE_LIMITS.cases - 1);
    const searched = await call<{ cases: Case[]; count: number }>(support, 'get_cases', { search: carol.email });
    expect(searched.data.count).toBe(CASE_LIMITS.cases);
  });
});

describe('attachments', () => {
  it('are downloaded only through a signed link, always as a file, refused by a guessed path, a tampered or an expired link', async () => {
    const [ann] = await users;
    const id = await openCase(ann);
    const upload = await attach(ann, id, '../../evil name.PNG', new Uint8Array([137, 80, 78, 71]));
    expect(upload.status, upload.body.message).toBe(200);
    const attachment = upload.body.data as CaseAttachment;
    expect(attachment.filename).toBe('evil_name.png');
    expect(attachment.link).toMatch(new RegExp(`^/attachments/${id}/${attachment.id}/evil_name.png\\?expires=\\d+&signature=[0-9a-f]+$`));

    const ok = await fetch(`${baseUrl}${attachment.link}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-disposition')).toBe('attachment; filename="evil_name.png"');
    expect(new Uint8Array(await ok.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));

    const path = attachment.link!.split('?')[0]!;
    expect((await fetch(`${baseUrl}${path}`)).status).toBe(403);
    expect((await fetch(`${baseUrl}/attachments/${id}/${attachment.id + 1}/evil_name.png?${attachment.link!.split('?')[1]}`)).status).toBe(403);
    try {
      await edgeClockAhead(3600);
      expect((await fetch(`${baseUrl}${attachment.link}`)).status).toBe(403);
    } finally {
      await edgeClockAhead(0);
    }
    expect((await getCase(ann, id)).data.attachment_count).toBe(1);
  });

  it('are held to the type allow-list, the multipart limit (413) and the presigned size, and deleted by the uploader or an admin only', async () => {
    const [ann, , support] = await users;
    const id = await openCase(ann);
    const html = await attach(ann, id, 'page.html', '<script>alert(1)</script>');
    expect(html.status).toBe(400);
    expect(html.body.message).toBe(caseMessages.fileTypeNotAllowed);
    const big = await attach(ann, id, 'big.zip', new Uint8Array(MAX_MULTIPART_ATTACHMENT_BYTES + 1));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(apiMessages.fileTooLarge(MAX_MULTIPART_ATTACHMENT_BYTES));
    const tooLarge = await call(ann, 'create_attachment_upload', { case_id: id, filename: 'huge.zip', size: MAX_ATTACHMENT_BYTES + 1 });
    expect(tooLarge.status).toBe(400);
    expect((await getCase(ann, id)).data.attachments).toEqual([]);

    // A presigned upload: the size and type signed into the form, completed once the file is there.
    const started = await call<{ attachment: CaseAttachment; upload: { url: string; fields: Record<string, string> } }>(ann, 'create_attachment_upload', {
      case_id: id,
      filename: 'export.csv',
      size: 6,
    });
    expect(started.status, started.message).toBe(200);
    expect(started.data.attachment.state).toBe('uploading');
    expect((await call(ann, 'complete_attachment_upload', { attachment_id: started.data.attachment.id })).message).toBe(caseMessages.uploadNotFinished);
    const post = async (bytes: string) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(started.data.upload.fields)) form.append(name, value);
      form.append('file', new Blob([bytes], { type: 'text/csv' }), 'export.csv');
      return (await fetch(started.data.upload.url, { method: 'POST', body: form })).status;
    };
    expect(await post('a,b,c,d')).toBe(400); // 7 bytes: not the size signed
    expect(await post('a,b,c\n')).toBe(204);
    const completed = await call<CaseAttachment>(ann, 'complete_attachment_upload', { attachment_id: started.data.attachment.id });
    expect(completed.data.state).toBe('stored');
    const download = await fetch(`${baseUrl}${completed.data.link}`);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="export.csv"');
    expect(await download.text()).toBe('a,b,c\n');
    expect((await getCase(ann, id)).data.attachment_count).toBe(1);

    // The admin's attachment: the customer may not delete it; the admin deletes the customer's.
    const supportFile = (await attach(support, id, 'answer.txt', 'try this')).body.data as CaseAttachment;
    expect(await call(ann, 'delete_attachment', { attachment_id: supportFile.id })).toMatchObject({ status: 403, message: caseMessages.deleteOwnOnly });
    expect((await call(support, 'delete_attachment', { attachment_id: completed.data.id })).status).toBe(200);
    expect((await call(ann, 'delete_attachment', { attachment_id: supportFile.id })).status).toBe(403);
    const after = (await getCase(ann, id)).data;
    expect(after.attachments.map((a) => a.id)).toEqual([supportFile.id]);
    expect(after.attachment_count).toBe(1);
    expect((await fetch(`${baseUrl}${completed.data.link}`)).status).toBe(404);
  });
});

describe("an attachment at the spec's path", () => {
  it("opens with the caller's access token for the case's user and admins, and for nobody else", async () => {
    const [, bob, support] = await users;
    const dora = await customer();
    const id = await openCase(dora);
    const attachment = (await attach(dora, id, 'run.log', 'line 1\n')).body.data as CaseAttachment;
    const path = `/attachments/${id}/${attachment.id}/run.log`;
    const open = (user: { accessToken: string } | null, at = path, redirect: RequestRedirect = 'follow') =>
      fetch(`${baseUrl}${at}`, { redirect, headers: user ? { authorization: `Bearer ${user.accessToken}` } : {} });

    for (const user of [dora, support]) {
      const answer = await open(user);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-disposition')).toBe('attachment; filename="run.log"');
      expect(await answer.text()).toBe('line 1\n');
    }
    // The edge sends a token to the API, which sends the caller on to a short-lived link.
    const sent = await open(dora, path, 'manual');
    expect(sent.status).toBe(307);
    const checked = await open(dora, sent.headers.get('location')!, 'manual');
    expect(checked.status).toBe(302);
    expect(checked.headers.get('location')).toMatch(new RegExp(`^${path}\\?expires=\\d+&signature=[0-9a-f]{64}$`));

    const refused = await open(bob);
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { message: string }).message).toBe(caseMessages.attachmentNotFound(attachment.id));
    expect((await open(dora, `/attachments/${id}/${attachment.id}/other.log`)).status).toBe(404);
    expect((await open(dora, `/attachments/${id + 1}/${attachment.id}/run.log`)).status).toBe(404);
    expect((await open({ accessToken: 'not-a-token' })).status).toBe(401);
    expect((await open(null)).status).toBe(403);
  });
});

describe('a presigned upload form', () => {
  it('lands one file once: posted again after completion it changes nothing stored, and after a delete it stores nothing', async () => {
    const ann = await customer();
    const id = await openCase(ann);
    const started = await call<Upload>(ann, 'create_attachment_upload', { case_id: id, filename: 'export.csv', size: 6 });
    expect(started.status, started.message).toBe(200);
    // Each form has a key of its own, not the attachment's.
    const stagingKey = started.data.upload.fields.key!;
    expect(stagingKey).not.toContain(`${id}/`);
    expect(await postForm(started.data, 'a,b,c\n')).toBe(204);
    const completed = await call<CaseAttachment>(ann, 'complete_attachment_upload', { attachment_id: started.data.attachment.id });
    expect(completed.status, completed.message).toBe(200);
    expect(await staged(stagingKey)).toBe(false);

    // The same form again, with other bytes of the same size: what support downloads stays the file completed.
    expect(await postForm(started.data, 'x,y,z\n')).toBe(204);
    expect(await (await fetch(`${baseUrl}${completed.data.link}`)).text()).toBe('a,b,c\n');
    const linked = (await getCase(ann, id)).data.attachments[0]!;
    expect(await (await fetch(`${baseUrl}${linked.link}`)).text()).toBe('a,b,c\n');
    expect((await call(ann, 'complete_attachment_upload', { attachment_id: started.data.attachment.id })).message).toBe(caseMessages.uploadFinished);

    // Deleted, then the form again: no file comes back for the deleted attachment.
    expect((await call(ann, 'delete_attachment', { attachment_id: completed.data.id })).status).toBe(200);
    expect(await postForm(started.data, 'a,b,c\n')).toBe(204);
    expect(await storedFilesOf(completed.data)).toEqual([]);
    expect((await fetch(`${baseUrl}${completed.data.link}`)).status).toBe(404);

    // An upload deleted before it completed: its form stores nothing that a record names either.
    const abandoned = await call<Upload>(ann, 'create_attachment_upload', { case_id: id, filename: 'later.csv', size: 6 });
    expect((await call(ann, 'delete_attachment', { attachment_id: abandoned.data.attachment.id })).status).toBe(200);
    expect(await postForm(abandoned.data, 'a,b,c\n')).toBe(204);
    expect(await storedFilesOf(abandoned.data.attachment)).toEqual([]);
    expect((await call(ann, 'complete_attachment_upload', { attachment_id: abandoned.data.attachment.id })).status).toBe(404);
    expect((await getCase(ann, id)).data).toMatchObject({ attachments: [], attachment_count: 0 });
  });

  it("is refused past what a customer's cases may hold, closed ones too, and past a day's bytes, each with its message", async () => {
    const [, , support] = await users;
    const carl = await customer();
    const [id, full] = [await openCase(carl), await openCase(carl)];
    const start = (size: number, caseId = id) => call<Upload>(carl, 'create_attachment_upload', { case_id: caseId, filename: 'trace.zip', size });
    const MAX = MAX_ATTACHMENT_BYTES;
    const perCases = CASE_UPLOAD_BYTES.cases / MAX;
    const started: Upload[] = [];
    for (let i = 0; i < perCases; i++) started.push((await start(MAX, full)).data);
    // Uploads under way count, and closing their case gives nothing back: one byte more does not fit.
    expect((await call(carl, 'close_case', { case_id: full })).status).toBe(200);
    expect(await start(1)).toMatchObject({ status: 400, message: caseMessages.caseBytesFull });
    // Support's files on the case are not the customer's to count.
    expect((await attach(support, id, 'answer.txt', 'try this')).status).toBe(200);

    // A deleted attachment gives its bytes back to the cases, not to the day.
    let sent = CASE_UPLOAD_BYTES.cases;
    while (sent + MAX <= CASE_UPLOAD_BYTES.perDay) {
      expect((await call(carl, 'delete_attachment', { attachment_id: started.pop()!.attachment.id })).status).toBe(200);
      const again = await start(MAX);
      expect(again.status, again.message).toBe(200);
      started.push(again.data);
      sent += MAX;
    }
    expect((await call(carl, 'delete_attachment', { attachment_id: started.pop()!.attachment.id })).status).toBe(200);
    expect(await start(MAX)).toMatchObject({ status: 429, message: attemptLimits.caseUploadBytes.message });
    expect((await attach(carl, id, 'small.txt', 'x'.repeat(1024))).body.message).toBe(attemptLimits.caseUploadBytes.message);
    // An admin is not held to them.
    expect((await call(support, 'create_attachment_upload', { case_id: id, filename: 'big.zip', size: MAX })).status).toBe(200);
  });
});

describe('limits', () => {
  it('takes a comment of 65,535 characters, refuses one longer and an empty one, and a case without a title', async () => {
    const [ann] = await users;
    const id = await openCase(ann);
    expect((await call(ann, 'add_comment', { case_id: id, comment: 'x'.repeat(MAX_COMMENT_LENGTH) })).status).toBe(200);
    const long = await call(ann, 'add_comment', { case_id: id, comment: 'x'.repeat(MAX_COMMENT_LENGTH + 1) });
    expect(long.status).toBe(400);
    expect(long.message).toContain(caseMessages.commentTooLong);
    expect((await call(ann, 'add_comment', { case_id: id, comment: '   ' })).message).toContain(caseMessages.commentRequired);
    expect((await call(ann, 'create_case', { title: ' ', description: 'x' })).message).toContain(caseMessages.titleRequired);
    expect((await getCase(ann, id)).data.comments).toHaveLength(1);
  });

  it('answers a case of 60 comments of the largest size in under 6 MB, the newest first and the earlier ones page by page', async () => {
    const [, , support] = await users;
    const ann = await customer();
    const id = await openCase(ann);
    // 65,535 characters of three bytes each: about 196 KB a comment, 11.8 MB together.
    const written: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await call<{ comment_id: number }>(support, 'add_comment', { case_id: id, comment: `${i} ${'€'.repeat(MAX_COMMENT_LENGTH - 3)}` });
      expect(res.status, res.message).toBe(200);
      written.push(res.data.comment_id);
    }
    const answer = await fetch(`${baseUrl}/api/case`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ann.accessToken}` },
      body: JSON.stringify({ version: API_VERSION, client: API_CLIENT, cmd: 'get_case', id }),
    });
    const bytes = (await answer.arrayBuffer()).byteLength;
    expect(answer.status).toBe(200);
    expect(bytes).toBeLessThan(6 * 1024 * 1024);
    const first = (await getCase(ann, id)).data as CaseDetail & { earlier_comments: boolean };
    expect(first.earlier_comments).toBe(true);
    expect(first.comments.at(-1)!.id).toBe(written.at(-1));

    let seen = first.comments.map((comment) => comment.id);
    for (let more = first.earlier_comments; more; ) {
      const page = await call<{ comments: CaseComment[]; earlier_comments: boolean }>(ann, 'get_case_comments', { case_id: id, before: seen[0] });
      expect(page.status, page.message).toBe(200);
      seen = [...page.data.comments.map((comment) => comment.id), ...seen];
      more = page.data.earlier_comments;
    }
    expect(seen).toEqual(written);
    expect((await call(support, 'get_case_comments', { case_id: id + 1_000_000, before: 1 })).status).toBe(404);
  });
});

type Statistics = { total: number; open: number; waiting_for_admin: number; waiting_for_user: number };

describe('case statistics', () => {
  it('stay exact under concurrent comments from customers and support', async () => {
    const [ann, , support] = await users;
    const before = (await call<Statistics>(support, 'get_case_statistics')).data;
    const ids = [await openCase(ann), await openCase(ann), await openCase(ann)];
    const comments = ids.flatMap((id) => [
      ...Array.from({ length: 4 }, (_, i) => call(ann, 'add_comment', { case_id: id, comment: `more ${i}` })),
      ...Array.from({ length: 4 }, (_, i) => call(support, 'add_comment', { case_id: id, comment: `answer ${i}`, close: i === 3 })),
    ]);
    const answers = await Promise.all(comments);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));

    const states = await Promise.all(ids.map((id) => stateOf(ann, id)));
    const count = (wanted: number[]) => states.filter((state) => wanted.includes(state)).length;
    const after = (await call<Statistics>(support, 'get_case_statistics')).data;
    expect(after.total - before.total).toBe(3);
    expect(after.open - before.open).toBe(count([1, 2, 3]));
    expect(after.waiting_for_admin - before.waiting_for_admin).toBe(count([1, 3]));
    expect(after.waiting_for_user - before.waiting_for_user).toBe(count([2]));
  });
});

describe('the admin user detail', () => {
  it("lists a user's cases, last updated first, to admins only", async () => {
    const [, other, support] = await users;
    const erin = await customer();
    const first = await openCase(erin, 'First');
    const second = await openCase(erin, 'Second');
    await call(erin, 'add_comment', { case_id: first, comment: 'Bumped' });
    const detail = await callApi('user', { cmd: 'get_user_information', user_id: erin.id }, support.accessToken);
    expect(detail.status).toBe(200);
    const cases = (detail.body.data as { cases: Case[] }).cases;
    expect(cases.map((kase) => [kase.id, kase.title, kase.state])).toEqual([
      [first, 'First', 3],
      [second, 'Second', 1],
    ]);
    expect((await callApi('user', { cmd: 'get_user_information', user_id: erin.id }, other.accessToken)).status).toBe(403);
  });
});

describe("a deleted user's cases", () => {
  it('stay for support, by user id, without the name and email; their comments stay; the statistics and counters agree', async () => {
    const [, , support] = await users;
    const dave = await customer();
    const id = await openCase(dave);
    await call(dave, 'add_comment', { case_id: id, comment: 'Any news?' });
    const before = (await getCase(support, id)).data;
    expect(before.email).toBe(dave.email);

    await asUnit({ job: 'delete-accounts' }, () => forgetCaseOwner(dave.id));
    const after = (await getCase(support, id)).data;
    expect(after).toMatchObject({ id, user_id: dave.id, name: '', email: '', state: 3 });
    expect(after.comments.map((comment) => comment.comment)).toEqual(['Any news?']);
    const listed = await call<{ cases: Case[] }>(support, 'get_cases', { user: dave.id });
    expect(listed.data.cases.map((kase) => [kase.id, kase.email])).toEqual([[id, '']]);
    expect(await asUnit({ job: 'check-counters' }, () => counterDifferences())).toEqual([]);
  });
});
