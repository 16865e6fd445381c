/* eslint-disable @typescript-eslint/no-unsafe-member-access -- envelope data is asserted with toMatchObject, see test-app.ts */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '#app/modules/mail/mailer';
import type { TestApp } from '#app/test/test-app';
import { createTestApp, json, LOCAL_IP, PASSWORD, uniqueEmail } from '#app/test/test-app';

type Received = { to: string[]; raw: string };

describe('mail through SMTP', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const smtpUrl = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
    t = await createTestApp('pglite', {
      config: { smtpUrl },
      mailer: smtpMailer(smtpUrl, 'Pfahlplaner <no-reply@pfahlplaner.test>'),
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the sign-up code over SMTP; the code from the received mail verifies the e-mail', async () => {
    const email = uniqueEmail('smtp');
    const res = await t.call('POST', '/api/v1/users/register/', {
      body: {
        step: 1,
        full_name: 'Smtp User',
        email,
        phone: '+4930123456',
        password: PASSWORD,
        confirm_password: PASSWORD,
        accept_terms: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const mail = received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.raw).toContain('From: Pfahlplaner <no-reply@pfahlplaner.test>');
    expect(mail!.raw).toMatch(/Content-Type: text\/html/i);
    // The text part is quoted-printable; the code is six plain digits on its own line.
    const otp = /^\s{4}(\d{6})\s*$/m.exec(mail!.raw)?.[1];
    expect(otp).toMatch(/^\d{6}$/);
    const verify = await t.call('POST', '/api/v1/otp/verify-otp/', { body: { email, otp } });
    expect(verify.statusCode).toBe(200);
    expect(json(verify).data.purpose).toBe('signup');
    // Nothing lands in the outbox when SMTP is used.
    expect(
      json(
        await t.call('GET', `/api/dev/outbox/?to=${encodeURIComponent(email)}`, { ip: LOCAL_IP }),
      ).data,
    ).toEqual([]);
  });
});
