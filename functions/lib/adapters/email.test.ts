import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENV } from '../../../shared/runtime';
import { logger } from '../logger';
import { OPERATOR_ALARM_FIELD, OPERATOR_ALARMS } from '../operator-alarms';
import { getEmailSender } from './email';

const mail = { to: 'someone@example.com', subject: 'Your account', text: 'Hello' };

describe('the mail sender', () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('fails as before when a mail cannot be sent, and logs the error line that raises the operators\' mail alarm', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-test-'));
    dirs.push(dir);
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    // The mailbox "file" is a folder: appending to it fails, as an SES outage would.
    await expect(getEmailSender({ [ENV.localMailboxFile]: dir }).send(mail)).rejects.toThrow();
    expect(errors).toHaveBeenCalledWith('Mail not sent', expect.objectContaining({ subject: mail.subject, [OPERATOR_ALARM_FIELD]: OPERATOR_ALARMS.mailFailed.name }));
  });

  it('raises no alarm for a mail that was sent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-test-'));
    dirs.push(dir);
    const errors = vi.spyOn(logger, 'error');
    await getEmailSender({ [ENV.localMailboxFile]: join(dir, 'mailbox.jsonl') }).send(mail);
    expect(errors).not.toHaveBeenCalled();
  });
});
