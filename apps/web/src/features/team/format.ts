/** Euro amount from cents in the UI language (prices are net, tax not included). */
export const formatEuro = (cents: number, language: string): string =>
  new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'de-DE', {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);

/** A date (ISO string) as the UI language shows it, or '–'. */
export const formatDate = (iso: string | null, language: string): string =>
  iso
    ? new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'de-DE', {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date(iso))
    : '–';
