import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { ENV } from '../../../shared/runtime';
import { awsClientConfig } from '../aws-client-config';
import { alertOperators, logger } from '../logger';
import { functionEnv } from '../runtime-env';
import { appendRecord } from './local-outbox';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends the product's own mail (Cognito sends its codes itself). */
export interface EmailSender {
  send(mail: Mail): Promise<void>;
}

let ses: SESv2Client | undefined;

/**
 * The sender the environment asks for: the local mailbox file (LOCAL_MAILBOX_FILE) on the local stack,
 * Amazon SES from MAIL_FROM in AWS, and otherwise one that only logs, so that a stack deployed without
 * a verified sender still works.
 */
export function getEmailSender(env: Readonly<Record<string, string | undefined>> = functionEnv()): EmailSender {
  const sender = senderFor(env);
  return {
    async send(mail) {
      try {
        await sender.send(mail);
      } catch (error) {
        // The caller fails as before; the operators hear of it (a failed mail is otherwise silent).
        alertOperators('mailFailed', 'Mail not sent', { subject: mail.subject, error: error as Error });
        throw error;
      }
    },
  };
}

function senderFor(env: Readonly<Record<string, string | undefined>>): EmailSender {
  const mailbox = env[ENV.localMailboxFile];
  if (mailbox) return { send: async (mail) => appendRecord(mailbox, mail) };
  const from = env[ENV.mailFrom];
  if (from) {
    return {
      async send({ to, subject, text }) {
        // Loaded on first use: mail is rare, and the SDK costs cold-start time.
        const sdk = await import('@aws-sdk/client-sesv2');
        ses ??= new sdk.SESv2Client(awsClientConfig);
        await ses.send(
          new sdk.SendEmailCommand({
            FromEmailAddress: from,
            Destination: { ToAddresses: [to] },
            Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: text } } } },
          }),
        );
      },
    };
  }
  return { send: async (mail) => logger.warn('No mail sender configured (MAIL_FROM); mail not sent', { subject: mail.subject }) };
}
