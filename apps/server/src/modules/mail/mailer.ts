import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailRepository } from '#app/modules/mail/mail.repository';

export type Mail = { to: string; subject: string; text: string; html: string };

/** Sends one mail; the product never needs more than that. */
export type Mailer = { send: (mail: Mail) => Promise<void>; kind: 'smtp' | 'outbox' };

/** SMTP through nodemailer, e.g. SMTP_URL=smtp://127.0.0.1:2525 or smtps://user:pass@host:465. */
export const smtpMailer = (smtpUrl: string, from: string): Mailer => {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    send: async (mail) => {
      await transport.sendMail({ from, ...mail });
    },
  };
};

/** No SMTP configured: keep the mail in the database outbox and print it to the log. */
export const outboxMailer = (
  repository: MailRepository,
  log: FastifyBaseLogger,
  print: (text: string) => void,
): Mailer => ({
  kind: 'outbox',
  send: async (mail) => {
    await repository.insert(mail);
    log.info({ to: mail.to, subject: mail.subject }, 'mail kept in the outbox (no SMTP_URL)');
    const rule = '-'.repeat(72);
    print(
      `${rule}\nMail (outbox, not sent) to ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n${rule}\n`,
    );
  },
});
