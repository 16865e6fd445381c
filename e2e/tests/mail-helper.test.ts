import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mailMark, waitForOtp } from '../support/mail';

// The helper that reads codes from the loopback SMTP capture: on a fast machine the
// password-reset test took the sign-up mail, which arrived within "the last second before the request".
// A capture file as the global setup writes it (`0001.json`, …), with the code line of otp-mail.ts.
const capture = (dir: string, seq: number, to: string, code: string) =>
  writeFileSync(
    join(dir, `${String(seq).padStart(4, '0')}.json`),
    JSON.stringify({
      to: [to],
      subject: 'Code',
      raw: `Subject: Code\r\nContent-Type: text/plain\r\n\r\nIhr Code:\r\n\r\n    ${code}\r\n`,
      receivedAt: Date.now(),
    }),
  );

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('waitForOtp', () => {
  it('waits for the mail after the mark instead of taking the code mail received just before it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pfahlplaner-mails-'));
    const to = 'paul@statik-buero.test';
    capture(dir, 1, to, '111111'); // the sign-up code, a few milliseconds before the reset request
    const mark = mailMark(dir);
    setTimeout(() => capture(dir, 2, to, '222222'), 400); // the reset code arrives later
    expect(await waitForOtp(dir, to, mark, 5_000)).toBe('222222');
  });

  it('never returns a code that was already there, and times out when nothing new arrives', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pfahlplaner-mails-'));
    const to = 'ingrid@statik-buero.test';
    capture(dir, 1, to, '333333');
    capture(dir, 2, 'someone@else.test', '444444');
    const mark = mailMark(dir);
    capture(dir, 3, 'someone@else.test', '555555');
    await expect(waitForOtp(dir, to, mark, 600)).rejects.toThrow(/no code mail to ingrid/);
  });
});
