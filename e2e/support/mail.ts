import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A message captured by the loopback SMTP server of the global setup. */
export type CapturedMail = {
  to: string[];
  subject: string;
  text: string;
  raw: string;
  receivedAt: number;
};

const decodeQuotedPrintable = (s: string): string =>
  Buffer.from(
    s
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Extracts the text/plain part of a MIME message (quoted-printable or base64), else the whole body. */
export const plainText = (raw: string): string => {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    if (!/content-type:\s*text\/plain/i.test(head)) continue;
    const body = rest.join('\n\n');
    if (/content-transfer-encoding:\s*base64/i.test(head)) {
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    }
    if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
      return decodeQuotedPrintable(body);
    }
    return body;
  }
  return raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n');
};

/** Number of the capture file (`0007.json` → 7): the SMTP server of the global setup counts up from 1. */
const sequenceOf = (file: string): number => Number.parseInt(file, 10);

/** Every captured mail with its sequence number, oldest first. */
export const readMails = (dir: string): (CapturedMail & { seq: number })[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({
      ...(JSON.parse(readFileSync(join(dir, f), 'utf8')) as CapturedMail),
      seq: sequenceOf(f),
    }))
    .sort((a, b) => a.seq - b.seq);

/**
 * What the mail folder held at one moment. Take it right BEFORE the action that sends the mail; only mails
 * captured after it count. (A time window such as "the last second before the request" also catches the
 * previous code mail on a fast machine, e.g. the sign-up code instead of the reset code.) A branded type, so
 * a plain timestamp cannot be passed by mistake.
 */
export type MailMark = { readonly seq: number; readonly __mailMark: true };

export const mailMark = (dir: string): MailMark => ({
  seq: readMails(dir).reduce((max, m) => Math.max(max, m.seq), 0),
  __mailMark: true,
});

/**
 * The code line of a code mail: four spaces and six digits on a line of their own (apps/server otp-mail.ts
 * `codeMail`). Not the first six digits anywhere: the address in an invitation link can hold six digits too.
 */
const OTP_LINE = /^ {4}(\d{6})\s*$/m;

/** Waits until a mail to `to` with a code arrives after `mark` and returns the code of the newest such mail. */
export const waitForOtp = async (
  dir: string,
  to: string,
  mark: MailMark,
  timeoutMs = 15_000,
): Promise<string> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const code = readMails(dir)
      .filter((m) => m.seq > mark.seq && m.to.some((t) => t.toLowerCase() === to.toLowerCase()))
      .map((m) => OTP_LINE.exec(plainText(m.raw))?.[1])
      .filter((c): c is string => c !== undefined)
      .pop();
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code mail to ${to} after mail ${mark.seq} within ${timeoutMs} ms`);
};
