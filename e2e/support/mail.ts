import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A message captured by the loopback SMTP server of the global setup. */
export type CapturedMail = { to: string[]; subject: string; text: string; raw: string; receivedAt: number };

const decodeQuotedPrintable = (s: string): string =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Extracts the text/plain part of a MIME message (quoted-printable or base64), else the whole body. */
export const plainText = (raw: string): string => {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    if (!/content-type:\s*text\/plain/i.test(head)) continue;
    const body = rest.join('\n\n');
    if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(body);
    return body;
  }
  return raw.split(/\r?\n\r?\n/).slice(1).join('\n\n');
};

export const readMails = (dir: string): CapturedMail[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as CapturedMail)
    .sort((a, b) => a.receivedAt - b.receivedAt);

/**
 * The code line of a code mail: four spaces and six digits on a line of their own (apps/server otp-mail.ts
 * `codeMail`). Not the first six digits anywhere: the address in an invitation link can hold six digits too.
 */
const OTP_LINE = /^ {4}(\d{6})\s*$/m;

/** Waits for the newest mail to `to` received after `since` and returns its 6-digit code. */
export const waitForOtp = async (dir: string, to: string, since: number, timeoutMs = 15_000): Promise<string> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = readMails(dir)
      .filter((m) => m.receivedAt >= since && m.to.some((t) => t.toLowerCase() === to.toLowerCase()))
      .pop();
    const code = mail && OTP_LINE.exec(plainText(mail.raw))?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no OTP mail to ${to} within ${timeoutMs} ms`);
};
