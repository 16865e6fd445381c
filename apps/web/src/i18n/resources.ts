import type { EngineIssueCode, IssueTextLang } from '@pfahlplaner/contracts';
import { ENGINE_ISSUE_CODES, ENGINE_ISSUE_TEXTS } from '@pfahlplaner/contracts';
import de from './de.json';
import emailChangeDe from './features/email-change.de.json';
import emailChangeEn from './features/email-change.en.json';
import en from './en.json';
import entryDe from './features/entry.de.json';
import entryEn from './features/entry.en.json';
import filesDe from './features/files.de.json';
import filesEn from './features/files.en.json';
import engineTrustDe from './features/engine-trust.de.json';
import engineTrustEn from './features/engine-trust.en.json';
import panelsDe from './features/panels.de.json';
import panelsEn from './features/panels.en.json';
import reportDe from './features/report.de.json';
import reportEn from './features/report.en.json';
import teamDe from './features/team.de.json';
import teamEn from './features/team.en.json';
import workspaceDe from './features/workspace.de.json';
import workspaceEn from './features/workspace.en.json';

/**
 * `workspace.issue.<CODE>`: the sentences of the engine's issue codes come from the one table in
 * contracts (ENGINE_ISSUE_TEXTS), which the PDF report prints too.
 */
const engineIssueTexts = (lang: IssueTextLang): Record<EngineIssueCode, string> =>
  Object.fromEntries(
    ENGINE_ISSUE_CODES.map((code) => [code, ENGINE_ISSUE_TEXTS[code][lang]]),
  ) as Record<EngineIssueCode, string>;

/**
 * The translation trees. The shell's texts live in de.json/en.json; each large feature keeps its texts
 * in its own pair of files under features/ (one top-level key per feature), so that parallel work on
 * different features never edits the same file.
 */
export const translationDe = {
  ...de,
  workspace: { ...workspaceDe, issue: engineIssueTexts('de') },
  panels: panelsDe,
  team: teamDe,
  files: filesDe,
  emailChange: emailChangeDe,
  engineTrust: engineTrustDe,
  report: reportDe,
  entry: entryDe,
};

export const translationEn = {
  ...en,
  workspace: { ...workspaceEn, issue: engineIssueTexts('en') },
  panels: panelsEn,
  team: teamEn,
  files: filesEn,
  emailChange: emailChangeEn,
  engineTrust: engineTrustEn,
  report: reportEn,
  entry: entryEn,
};
