import type { MailLang } from '@pfahlplaner/contracts';
import type { Mail } from '#app/modules/mail/mailer';
import { codeMail } from '#app/modules/mail/otp-mail';

const TEXTS = {
  de: {
    invitation: {
      subject: (company: string) => `Einladung zu Pfahlplaner von ${company}`,
      intro: (company: string, inviter: string, link: string) =>
        `${inviter} hat Sie in das Pfahlplaner-Team von ${company} eingeladen. Legen Sie unter ${link} mit Ihrer E-Mail-Adresse und diesem Code Ihr Passwort fest:`,
    },
    companyEmail: {
      subject: 'Bestätigen Sie die E-Mail-Adresse Ihrer Firma',
      intro:
        'bitte geben Sie diesen Code im Upgrade-Assistenten von Pfahlplaner ein, um die E-Mail-Adresse Ihrer Firma zu bestätigen:',
    },
    greeting: (name: string) => (name ? `Hallo ${name},` : 'Hallo,'),
    validDays: (days: number) => `Der Code ist ${days} Tage gültig.`,
    validMinutes: (minutes: number) => `Der Code ist ${minutes} Minuten gültig.`,
    share:
      'Geben Sie diesen Code nicht weiter. Wenn Sie die E-Mail nicht erwartet haben, können Sie sie ignorieren.',
    signature: 'Ihr Pfahlplaner-Team',
  },
  en: {
    invitation: {
      subject: (company: string) => `Invitation to Pfahlplaner from ${company}`,
      intro: (company: string, inviter: string, link: string) =>
        `${inviter} has invited you to the Pfahlplaner team of ${company}. Set your password at ${link} with your e-mail address and this code:`,
    },
    companyEmail: {
      subject: "Confirm your company's e-mail address",
      intro:
        "please enter this code in Pfahlplaner's upgrade wizard to confirm your company's e-mail address:",
    },
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    validDays: (days: number) => `The code is valid for ${days} days.`,
    validMinutes: (minutes: number) => `The code is valid for ${minutes} minutes.`,
    share: 'Do not share this code. If you did not expect this e-mail, you can ignore it.',
    signature: 'Your Pfahlplaner team',
  },
} as const;

/** The invitation of add-employee: a code for POST /v1/otp/reset-password/. */
export const invitationMail = (args: {
  to: string;
  name: string;
  company: string;
  inviter: string;
  code: string;
  validDays: number;
  lang: MailLang;
  publicUrl: string;
}): Mail => {
  const t = TEXTS[args.lang];
  return codeMail({
    to: args.to,
    lang: args.lang,
    subject: t.invitation.subject(args.company),
    greeting: t.greeting(args.name),
    intro: t.invitation.intro(
      args.company,
      args.inviter,
      `${args.publicUrl}/invitation?email=${encodeURIComponent(args.to)}`,
    ),
    code: args.code,
    validity: t.validDays(args.validDays),
    share: t.share,
    signature: t.signature,
    publicUrl: args.publicUrl,
  });
};

/** The code of the upgrade wizard's company e-mail verification. */
export const companyEmailMail = (args: {
  to: string;
  name: string;
  code: string;
  validMinutes: number;
  lang: MailLang;
  publicUrl: string;
}): Mail => {
  const t = TEXTS[args.lang];
  return codeMail({
    to: args.to,
    lang: args.lang,
    subject: t.companyEmail.subject,
    greeting: t.greeting(args.name),
    intro: t.companyEmail.intro,
    code: args.code,
    validity: t.validMinutes(args.validMinutes),
    share: t.share,
    signature: t.signature,
    publicUrl: args.publicUrl,
  });
};
