import type { MailLang, RenewalFailure } from '@pfahlplaner/contracts';
import type { Mail } from '#app/modules/mail/mailer';
import type { NoticeSection } from '#app/modules/mail/notice-mail';
import { noticeMail } from '#app/modules/mail/notice-mail';

/** Dates of the billing mails: the calendar day in Germany, where the product is sold. */
const day = (lang: MailLang, at: Date): string =>
  new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: lang === 'de' ? '2-digit' : 'short',
    year: 'numeric',
  }).format(at);

/** A moment: date and time in Germany, so that "until" is unambiguous. */
const moment = (lang: MailLang, at: Date): string => {
  const time = new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
  return lang === 'de'
    ? `${day(lang, at)}, ${time} Uhr`
    : `${day(lang, at)}, ${time} (German time)`;
};

const money = (lang: MailLang, cents: number, currency: string): string =>
  new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency }).format(
    cents / 100,
  );

const SIGNATURE: Record<MailLang, string> = {
  de: 'Ihr Pfahlplaner-Team',
  en: 'Your Pfahlplaner team',
};
const GREETING: Record<MailLang, string> = { de: 'Guten Tag,', en: 'Hello,' };
const LANGS: MailLang[] = ['de', 'en'];

/** One billing mail: German first, English below (ADR 0108), each with its greeting and signature. */
const bilingual = (
  to: string,
  subject: string,
  texts: Record<MailLang, string[]>,
  publicUrl: string,
): Mail =>
  noticeMail({
    to,
    subject,
    sections: LANGS.map((lang): NoticeSection => ({
      lang,
      paragraphs: [GREETING[lang], ...texts[lang]],
      signature: SIGNATURE[lang],
    })),
    publicUrl,
  });

/** Where the Owner renews or finds the invoices: Account → Payment. */
const paymentLink = (publicUrl: string) => `${publicUrl}/account?tab=payment`;

export type RenewalFailedMailArgs = {
  to: string;
  company: string;
  failure: RenewalFailure;
  cardLast4: string | null;
  /** End of the running period: writable until then, read-only afterwards. */
  periodEnd: Date;
  publicUrl: string;
};

/**
 * The automatic renewal could not charge the saved card (ADR 0108): why, until when work goes on, what
 * happens after, and where the Owner renews. Sent once per period, to the Owners and the company address.
 */
export const renewalFailedMail = (a: RenewalFailedMailArgs): Mail => {
  const card = (lang: MailLang) =>
    a.cardLast4 ? (lang === 'de' ? ` (endet auf ${a.cardLast4})` : ` (ending ${a.cardLast4})`) : '';
  const reason = (lang: MailLang): string =>
    a.failure === 'authentication_required'
      ? lang === 'de'
        ? `Die Bank verlangt für diese Zahlung eine Bestätigung durch den Karteninhaber (3-D Secure). Das geht nur im Browser, nicht bei einer automatischen Abbuchung.`
        : `The bank asks the cardholder to confirm this payment (3-D Secure). That is only possible in the browser, not in an automatic charge.`
      : lang === 'de'
        ? `Die Bank hat die Zahlung mit der gespeicherten Karte${card(lang)} abgelehnt, zum Beispiel weil die Karte abgelaufen ist.`
        : `The bank declined the payment with the saved card${card(lang)}, for example because the card has expired.`;
  const texts: Record<MailLang, string[]> = {
    de: [
      `die automatische Verlängerung des Pfahlplaner-Abonnements von ${a.company} ist fehlgeschlagen.`,
      reason('de'),
      `Bis zum Ende des laufenden Zeitraums am ${moment('de', a.periodEnd)} arbeiten alle Benutzer wie gewohnt weiter. Danach sind die Projekte nur noch lesbar; es geht nichts verloren. Ein neuer Versuch wird nicht automatisch unternommen.`,
      `Der Inhaber kann das Abonnement unter Kontoverwaltung → Zahlung mit derselben oder einer anderen Karte verlängern: ${paymentLink(a.publicUrl)}`,
    ],
    en: [
      `the automatic renewal of the Pfahlplaner subscription of ${a.company} failed.`,
      reason('en'),
      `Until the end of the running period on ${moment('en', a.periodEnd)} all users work as usual. After that the projects are read-only; nothing is lost. No further attempt is made automatically.`,
      `The Owner can renew the subscription under Account management → Payment with the same or another card: ${paymentLink(a.publicUrl)}`,
    ],
  };
  return bilingual(
    a.to,
    'Pfahlplaner: Automatische Verlängerung fehlgeschlagen / Automatic renewal failed',
    texts,
    a.publicUrl,
  );
};

export type RenewedMailArgs = {
  to: string;
  company: string;
  invoice: {
    number: string;
    billing: string;
    seats: number;
    amount_cents: number;
    currency: string;
    card_last4: string | null;
    test_mode: boolean;
    period_start: Date;
    period_end: Date;
  };
  publicUrl: string;
};

/** The automatic renewal charged the saved card: the receipt of the new period (ADR 0108). */
export const renewedMail = (a: RenewedMailArgs): Mail => {
  const i = a.invoice;
  const yearly = i.billing === 'yearly';
  const card = (lang: MailLang) =>
    i.card_last4
      ? lang === 'de'
        ? ` (Karte mit der Endung ${i.card_last4})`
        : ` (card ending ${i.card_last4})`
      : '';
  const texts: Record<MailLang, string[]> = {
    de: [
      `das Pfahlplaner-Abonnement von ${a.company} wurde automatisch verlängert: ${i.seats} Benutzer, ${yearly ? 'jährliche' : 'monatliche'} Abrechnung, Zeitraum ${day('de', i.period_start)} bis ${day('de', i.period_end)}.`,
      `Abgebucht: ${money('de', i.amount_cents, i.currency)} zzgl. Umsatzsteuer${card('de')}. Rechnungsnummer ${i.number}.`,
      ...(i.test_mode ? ['Testmodus: Es wurde kein Geld bewegt.'] : []),
      `Alle Rechnungen und die automatische Verlängerung finden Sie unter Kontoverwaltung → Zahlung: ${paymentLink(a.publicUrl)}`,
    ],
    en: [
      `the Pfahlplaner subscription of ${a.company} was renewed automatically: ${i.seats} user(s), billed ${yearly ? 'yearly' : 'monthly'}, period ${day('en', i.period_start)} to ${day('en', i.period_end)}.`,
      `Charged: ${money('en', i.amount_cents, i.currency)} plus VAT${card('en')}. Invoice number ${i.number}.`,
      ...(i.test_mode ? ['Test mode: no money was moved.'] : []),
      `All invoices and the automatic renewal switch are under Account management → Payment: ${paymentLink(a.publicUrl)}`,
    ],
  };
  return bilingual(
    a.to,
    `Pfahlplaner: Abonnement verlängert / Subscription renewed (${i.number})`,
    texts,
    a.publicUrl,
  );
};

export type EndingSoonMailArgs = {
  to: string;
  company: string;
  plan: 'Trial' | 'Paid';
  seats: number;
  billing: string | null;
  periodEnd: Date;
  publicUrl: string;
};

/**
 * A trial, or a paid period without automatic renewal, ends soon (ADR 0108): when, what happens then, and where
 * the Owner continues — the upgrade wizard for a trial, Account → Payment for a paid period.
 */
export const endingSoonMail = (a: EndingSoonMailArgs): Mail => {
  const trial = a.plan === 'Trial';
  const link = trial ? `${a.publicUrl}/upgrade` : paymentLink(a.publicUrl);
  const yearly = a.billing === 'yearly';
  const texts: Record<MailLang, string[]> = {
    de: [
      trial
        ? `der Testzeitraum von ${a.company} (${a.seats} Benutzer) endet am ${moment('de', a.periodEnd)}.`
        : `das Pfahlplaner-Abonnement von ${a.company} (${a.seats} Benutzer, ${yearly ? 'jährliche' : 'monatliche'} Abrechnung) endet am ${moment('de', a.periodEnd)}. Die automatische Verlängerung ist ausgeschaltet.`,
      'Danach sind die Projekte nur noch lesbar; es geht nichts verloren.',
      trial
        ? `Um weiterzuarbeiten, kann der Inhaber ein Abonnement abschließen: ${link}`
        : `Der Inhaber kann das Abonnement unter Kontoverwaltung → Zahlung verlängern oder die automatische Verlängerung einschalten: ${link}`,
    ],
    en: [
      trial
        ? `the trial of ${a.company} (${a.seats} user(s)) ends on ${moment('en', a.periodEnd)}.`
        : `the Pfahlplaner subscription of ${a.company} (${a.seats} user(s), billed ${yearly ? 'yearly' : 'monthly'}) ends on ${moment('en', a.periodEnd)}. Automatic renewal is switched off.`,
      'After that the projects are read-only; nothing is lost.',
      trial
        ? `To keep working, the Owner can take out a subscription: ${link}`
        : `The Owner can renew the subscription under Account management → Payment or switch automatic renewal on: ${link}`,
    ],
  };
  return bilingual(
    a.to,
    trial
      ? 'Pfahlplaner: Ihr Testzeitraum endet bald / Your trial ends soon'
      : 'Pfahlplaner: Ihr Abonnement endet bald / Your subscription ends soon',
    texts,
    a.publicUrl,
  );
};
