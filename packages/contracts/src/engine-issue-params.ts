import type { IssueTextLang } from './engine-issue-texts';

/**
 * Words for the parameter values of engine issues that are identifiers in the engine (which limit ended
 * the length search, which check failed last). The sentence of ENGINE_ISSUE_TEXTS shows these words, never
 * the identifier; `ISSUE_ADVICE` says what to change. One table for the web and the PDF report.
 */
export const ISSUE_PARAM_WORDS: Readonly<
  Record<string, Readonly<Record<string, Readonly<Record<IssueTextLang, string>>>>>
> = {
  limit: {
    MaxLaenge: {
      de: 'maximalen Bohrtiefe der Einstellungen',
      en: 'maximum drilling depth of the settings',
    },
    einzelMaximaleBohrtiefe: {
      de: 'maximalen Bohrtiefe des Lastpunkts',
      en: 'maximum drilling depth of the load point',
    },
    profileBottom: { de: 'Unterkante des Bodenprofils', en: 'bottom of the soil profile' },
  },
  failedCheck: {
    'toe-layer': {
      de: 'keine Schicht, in der der Fuß abgesetzt werden darf',
      en: 'no layer in which the toe may stand',
    },
    embedment: {
      de: 'Einbindung in eindringungsrelevante Schichten zu gering',
      en: 'embedment in layers that count for penetration too small',
    },
    'uls-compression': {
      de: 'Druckwiderstand zu klein (E_d > R_c,d)',
      en: 'compression resistance too small (E_d > R_c,d)',
    },
    'uls-tension': {
      de: 'Zugwiderstand zu klein (E_d > R_t,d)',
      en: 'tension resistance too small (E_d > R_t,d)',
    },
    'sls-settlement': { de: 'Setzung größer als zulässig', en: 'settlement larger than allowed' },
  },
  // where an empty level of a load row was taken from (ADR 0144)
  from: {
    profile_top: { de: 'Oberkante des Bodenprofils', en: 'top of the soil profile' },
    pile_head: { de: 'Pfahlkopf (Oberkante Pfahl)', en: 'pile head (top of pile)' },
    profile: {
      de: 'Grundwasserstand des Bodenprofils',
      en: 'groundwater level of the soil profile',
    },
    ground_level: {
      de: 'OK Boden Biegung (kein Grundwasserstand im Bodenprofil; auf der sicheren Seite)',
      en: 'ground level for bending (no groundwater level in the soil profile; on the safe side)',
    },
  },
};

/** What the user can change when a check fails last (by `failedCheck`). */
export const ISSUE_ADVICE: Readonly<Record<string, Readonly<Record<IssueTextLang, string>>>> = {
  'toe-layer': {
    de: 'Im Bodenprofil bei der tragfähigen Schicht „Fußabsetzbarkeit“ ankreuzen oder das Profil tiefer führen.',
    en: 'Tick “Toe may stand” for the bearing layer in the soil profile, or extend the profile deeper.',
  },
  embedment: {
    de: 'Im Bodenprofil „Eindringungsrelevant“ bei den tragfähigen Schichten ankreuzen, die Mindesteindringung prüfen oder das Profil tiefer führen.',
    en: 'Tick “Counts for penetration” for the bearing layers, check the minimum penetration, or extend the profile deeper.',
  },
  'uls-compression': {
    de: 'Größeren Durchmesser wählen, die Last auf mehr Pfähle verteilen oder das Profil tiefer führen.',
    en: 'Choose a larger diameter, spread the load over more piles, or extend the profile deeper.',
  },
  'uls-tension': {
    de: 'Größeren Durchmesser wählen, die Zuglast verteilen oder das Profil tiefer führen.',
    en: 'Choose a larger diameter, spread the tension load, or extend the profile deeper.',
  },
  'sls-settlement': {
    de: 'Zulässige Setzung prüfen, größeren Durchmesser wählen oder das Profil tiefer führen.',
    en: 'Check the allowed settlement, choose a larger diameter, or extend the profile deeper.',
  },
};

/** The words for an identifier parameter, or null when the value has none (numbers, names). */
export const issueParamWord = (key: string, value: unknown, lang: IssueTextLang): string | null =>
  typeof value === 'string' ? (ISSUE_PARAM_WORDS[key]?.[value]?.[lang] ?? null) : null;

/** The advice sentence of an issue (by its `failedCheck` parameter), or null. */
export const issueAdvice = (
  params: Readonly<Record<string, unknown>>,
  lang: IssueTextLang,
): string | null => {
  const check = params.failedCheck;
  return typeof check === 'string' ? (ISSUE_ADVICE[check]?.[lang] ?? null) : null;
};
