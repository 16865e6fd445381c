import type { FileLanguage, ProjectSettings, Workbook } from '@pfahlplaner/contracts';
import type { ImportIssue, ReportResult } from '@pfahlplaner/formats';
import {
  parseInputDatenXml,
  readWorkbookXlsx,
  renderReportPdf,
  sampleImportXlsx,
  writeInputDatenXml,
  writeWorkbookXlsx,
} from '@pfahlplaner/formats';

type ImportedWorkbook = Omit<Workbook, 'version'>;

/** Company block of the report (the renderer switches to the project's alternative data itself). */
export type ReportCompany = {
  name: string;
  addressLines: string[];
  logo?: Uint8Array;
  /** The project's report logo, printed with the alternative company data. */
  alternativeLogo?: Uint8Array;
};

export type PdfInput = {
  workbook: ImportedWorkbook;
  result: ReportResult;
  calculation: { engine_version: string; calculated_at: string };
  company: ReportCompany;
  project: { name: string; number: string | null; address: string | null };
  lang: FileLanguage;
};

/** The file codecs the service uses: `@pfahlplaner/formats`, behind one seam. */
export type Codecs = {
  parseXml: (bytes: Uint8Array) => { workbook: ImportedWorkbook; issues: ImportIssue[] };
  readXlsx: (
    bytes: Uint8Array,
    settings: ProjectSettings,
  ) => Promise<{ workbook: ImportedWorkbook; issues: ImportIssue[] }>;
  writeXml: (workbook: ImportedWorkbook, result?: ReportResult) => string;
  writeXlsx: (
    workbook: ImportedWorkbook,
    result: ReportResult | undefined,
    lang: FileLanguage,
  ) => Promise<Uint8Array>;
  sampleXlsx: (lang: FileLanguage) => Promise<Uint8Array>;
  renderPdf: (input: PdfInput) => Promise<Uint8Array>;
};

export const formatsCodecs: Codecs = {
  parseXml: (bytes) => parseInputDatenXml(bytes),
  readXlsx: (bytes, settings) => readWorkbookXlsx(bytes, { settings }),
  writeXml: (workbook, result) => writeInputDatenXml(workbook, result),
  writeXlsx: (workbook, result, lang) => writeWorkbookXlsx(workbook, result, lang),
  sampleXlsx: (lang) => sampleImportXlsx(lang),
  renderPdf: (input) => renderReportPdf(input),
};
