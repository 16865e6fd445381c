import type { MailLang } from '@pfahlplaner/contracts';
import type { Mail } from '#app/modules/mail/mailer';
import { noticeMail } from '#app/modules/mail/notice-mail';
import { codeMail } from '#app/modules/mail/otp-mail';

// Mails of a change of the sign-in address (ADR 0112): the code to the new address, notices to the old one.
const TEXTS = {
  de: {
    greeting: (name: string) => (name ? `Hallo ${name},` : 'Hallo,'),
    codeSubject: 'Bestätigen Sie Ihre neue Anmelde-E-Mail-Adresse',
    ownIntro:
      'Sie möchten diese Adresse als neue Anmelde-E-Mail-Adresse Ihres Pfahlplaner-Kontos verwenden. Geben Sie diesen Code unter Konto → Anmelde-E-Mail-Adresse ein:',
    memberIntro: (manager: string) =>
      `${manager} möchte diese Adresse als neue Anmelde-E-Mail-Adresse Ihres Pfahlplaner-Kontos eintragen. Melden Sie sich mit Ihrer bisherigen Adresse an und geben Sie diesen Code unter Konto → Anmelde-E-Mail-Adresse ein:`,
    validity: (minutes: number) =>
      minutes % 60 === 0
        ? `Der Code ist ${minutes / 60} Stunden gültig.`
        : `Der Code ist ${minutes} Minuten gültig.`,
    share:
      'Geben Sie diesen Code nicht weiter. Wenn Sie die Änderung nicht erwarten, ignorieren Sie diese E-Mail; die Adresse bleibt dann unverändert.',
    signature: 'Ihr Pfahlplaner-Team',
    requestedSubject: 'Änderung Ihrer Anmelde-E-Mail-Adresse angefordert',
    requested: (newEmail: string, by: string) =>
      `${by} hat angefordert, die Anmelde-E-Mail-Adresse Ihres Pfahlplaner-Kontos in ${newEmail} zu ändern. Die Änderung wird erst wirksam, wenn der an ${newEmail} gesendete Code in Ihrem Konto eingegeben wird.`,
    changedSubject: 'Ihre Anmelde-E-Mail-Adresse wurde geändert',
    changed: (newEmail: string) =>
      `Die Anmelde-E-Mail-Adresse Ihres Pfahlplaner-Kontos ist jetzt ${newEmail}. Alle Sitzungen wurden beendet; melden Sie sich mit der neuen Adresse an.`,
    notYou:
      'Wenn Sie das nicht waren, ändern Sie Ihr Passwort und wenden Sie sich an die Kontoverwaltung Ihrer Firma.',
    you: 'Sie',
  },
  en: {
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    codeSubject: 'Confirm your new sign-in e-mail address',
    ownIntro:
      'You want to use this address as the new sign-in e-mail address of your Pfahlplaner account. Enter this code under Account → Sign-in e-mail address:',
    memberIntro: (manager: string) =>
      `${manager} wants to make this address the new sign-in e-mail address of your Pfahlplaner account. Sign in with your current address and enter this code under Account → Sign-in e-mail address:`,
    validity: (minutes: number) =>
      minutes % 60 === 0
        ? `The code is valid for ${minutes / 60} hours.`
        : `The code is valid for ${minutes} minutes.`,
    share:
      'Do not share this code. If you do not expect this change, ignore this e-mail; the address then stays as it is.',
    signature: 'Your Pfahlplaner team',
    requestedSubject: 'Change of your sign-in e-mail address requested',
    requested: (newEmail: string, by: string) =>
      `${by} asked to change the sign-in e-mail address of your Pfahlplaner account to ${newEmail}. The change takes effect only when the code sent to ${newEmail} is entered in your account.`,
    changedSubject: 'Your sign-in e-mail address was changed',
    changed: (newEmail: string) =>
      `The sign-in e-mail address of your Pfahlplaner account is now ${newEmail}. All sessions were signed out; sign in with the new address.`,
    notYou:
      'If this was not you, change your password and contact the account management of your company.',
    you: 'You',
  },
} as const;

/** The code to the new address; `manager` set when a manager proposed the change for the user. */
export const emailChangeCodeMail = (args: {
  to: string;
  name: string;
  code: string;
  manager: string | null;
  validMinutes: number;
  lang: MailLang;
  publicUrl: string;
}): Mail => {
  const t = TEXTS[args.lang];
  return codeMail({
    to: args.to,
    lang: args.lang,
    subject: t.codeSubject,
    greeting: t.greeting(args.name),
    intro: args.manager === null ? t.ownIntro : t.memberIntro(args.manager),
    code: args.code,
    validity: t.validity(args.validMinutes),
    share: t.share,
    signature: t.signature,
    publicUrl: args.publicUrl,
  });
};

/** Notice to the old address: a change was requested (`manager` null: by the user) or took effect. */
export const emailChangeNotice = (args: {
  to: string;
  name: string;
  newEmail: string;
  event: 'requested' | 'changed';
  manager: string | null;
  lang: MailLang;
  publicUrl: string;
}): Mail => {
  const t = TEXTS[args.lang];
  const what =
    args.event === 'requested'
      ? t.requested(args.newEmail, args.manager ?? t.you)
      : t.changed(args.newEmail);
  return noticeMail({
    to: args.to,
    subject: args.event === 'requested' ? t.requestedSubject : t.changedSubject,
    sections: [
      {
        lang: args.lang,
        paragraphs: [t.greeting(args.name), what, t.notYou],
        signature: t.signature,
      },
    ],
    publicUrl: args.publicUrl,
  });
};
