import type { MailLang } from '@pfahlplaner/contracts';
import type { Mail } from '#app/modules/mail/mailer';
import { escapeHtml, mailPage } from '#app/modules/mail/notice-mail';

export type OtpPurpose = 'signup' | 'reset';

const TEXTS = {
  de: {
    signup: {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
      intro:
        'vielen Dank für Ihre Registrierung bei Pfahlplaner. Bitte geben Sie diesen Bestätigungscode dort ein, wo Sie die Registrierung begonnen haben:',
    },
    reset: {
      subject: 'Ihr Code zum Zurücksetzen des Passworts',
      intro:
        'Sie haben das Zurücksetzen Ihres Pfahlplaner-Passworts angefordert. Bitte geben Sie diesen Code ein:',
    },
    greeting: (name: string) => (name ? `Hallo ${name},` : 'Hallo,'),
    validity: (minutes: number) => `Der Code ist ${minutes} Minuten gültig.`,
    share:
      'Geben Sie diesen Code nicht weiter. Wenn Sie die E-Mail nicht angefordert haben, können Sie sie ignorieren.',
    signature: 'Ihr Pfahlplaner-Team',
  },
  en: {
    signup: {
      subject: 'Confirm your e-mail address',
      intro:
        'thank you for signing up for Pfahlplaner. Please enter this verification code where you started the sign-up:',
    },
    reset: {
      subject: 'Your password reset code',
      intro: 'You asked to reset your Pfahlplaner password. Please enter this code:',
    },
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    validity: (minutes: number) => `The code is valid for ${minutes} minutes.`,
    share: 'Do not share this code. If you did not ask for this e-mail, you can ignore it.',
    signature: 'Your Pfahlplaner team',
  },
} as const;

/** A mail that carries a 6-digit code, as HTML and plain text (used by every code mail of the product). */
export const codeMail = (args: {
  to: string;
  lang: MailLang;
  subject: string;
  greeting: string;
  intro: string;
  code: string;
  validity: string;
  share: string;
  signature: string;
  publicUrl: string;
}): Mail => {
  const text = [
    args.greeting,
    '',
    args.intro,
    '',
    `    ${args.code}`,
    '',
    args.validity,
    args.share,
    '',
    args.signature,
    args.publicUrl,
  ].join('\n');
  const html = mailPage(
    args.lang,
    520,
    `<p>${escapeHtml(args.greeting)}</p>
<p>${escapeHtml(args.intro)}</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:bold;background:#eef1f4;padding:12px 16px;text-align:center;border-radius:6px">${args.code}</p>
<p>${escapeHtml(args.validity)}</p>
<p style="color:#52606d;font-size:13px">${escapeHtml(args.share)}</p>
<p>${escapeHtml(args.signature)}<br><a href="${escapeHtml(args.publicUrl)}">${escapeHtml(args.publicUrl)}</a></p>`,
  );
  return { to: args.to, subject: args.subject, text, html };
};

/** The OTP mail in German or English, as HTML and plain text. */
export const otpMail = (args: {
  to: string;
  name: string;
  code: string;
  purpose: OtpPurpose;
  lang: MailLang;
  validMinutes: number;
  publicUrl: string;
}): Mail => {
  const t = TEXTS[args.lang];
  const p = t[args.purpose];
  return codeMail({
    to: args.to,
    lang: args.lang,
    subject: p.subject,
    greeting: t.greeting(args.name),
    intro: p.intro,
    code: args.code,
    validity: t.validity(args.validMinutes),
    share: t.share,
    signature: t.signature,
    publicUrl: args.publicUrl,
  });
};

/** `lang` from the request body/query wins; otherwise the first of de/en in Accept-Language; default German. */
export const pickLang = (
  explicit: MailLang | undefined,
  acceptLanguage: string | undefined,
): MailLang => {
  if (explicit) return explicit;
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.find((x) => x.trim().startsWith('q='));
      return { lang: tag.slice(0, 2), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((x) => (x.lang === 'de' || x.lang === 'en') && x.q > 0)
    .sort((a, b) => b.q - a.q);
  return tags[0]?.lang === 'en' ? 'en' : 'de';
};
