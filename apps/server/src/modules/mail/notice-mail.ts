import type { MailLang } from '@pfahlplaner/contracts';
import type { Mail } from '#app/modules/mail/mailer';

/** Escapes text for the HTML part of a mail. */
export const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The page every mail of the product is drawn on: the Pfahlplaner heading above `inner` in a white card of at
 * most `maxWidthPx`, with inline styles only (mail clients ignore style sheets).
 */
export const mailPage = (lang: MailLang, maxWidthPx: number, inner: string): string =>
  `<!doctype html>
<html lang="${lang}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;background:#f5f7fa;padding:24px">
<table role="presentation" style="max-width:${maxWidthPx}px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px" width="100%">
<tr><td>
<h1 style="font-size:20px;margin:0 0 16px;color:#0b4f8a">Pfahlplaner</h1>
${inner}
</td></tr></table></body></html>`;

/** Escaped text whose web addresses are links (the action a notice asks for is one click away). */
const linkify = (s: string): string =>
  escapeHtml(s).replace(/https?:\/\/[^\s<]+[^\s<.,;:)]/g, (url) => `<a href="${url}">${url}</a>`);

/** One language's part of a notice: paragraphs, then the signature. */
export type NoticeSection = { lang: MailLang; paragraphs: string[]; signature: string };

/**
 * A notice without a code (billing events of the background job), as HTML and plain text. Mails that no
 * request triggered carry German first and English below it: the product stores no language per user, and
 * the browser's choice is unknown to a job (ADR 0108).
 */
export const noticeMail = (args: {
  to: string;
  subject: string;
  sections: NoticeSection[];
  publicUrl: string;
}): Mail => {
  const text = `${args.sections
    .map((s) => [...s.paragraphs, s.signature].join('\n\n'))
    .join('\n\n----\n\n')}\n\n${args.publicUrl}\n`;
  const sections = args.sections
    .map(
      (s) =>
        `<div lang="${s.lang}">${s.paragraphs.map((p) => `<p>${linkify(p)}</p>`).join('')}<p>${escapeHtml(s.signature)}</p></div>`,
    )
    .join('<hr style="border:none;border-top:1px solid #d9e2ec;margin:20px 0">');
  const html = mailPage(
    args.sections[0]?.lang ?? 'de',
    560,
    `${sections}
<p><a href="${escapeHtml(args.publicUrl)}">${escapeHtml(args.publicUrl)}</a></p>`,
  );
  return { to: args.to, subject: args.subject, text, html };
};
