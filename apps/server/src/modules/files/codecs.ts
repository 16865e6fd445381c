import type { FileLanguage, Plan, ProjectSettings, Workbook } from '@pfahlplaner/contracts';
import type { ImportIssue, ReportDetail, ReportResult } from '@pfahlplaner/formats';
import type { XlsxReader, XlsxReadResult } from '#app/modules/files/xlsx-reader';

export type { ReportDetail };
import {
  parseInputDatenXml,
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
  /** How much the report prints (default: one line per load point). */
  detail?: ReportDetail;
};

/** The file codecs the service uses: `@pfahlplaner/formats`, behind one seam. */
export type Codecs = {
  /** `plan`: the company's plan, whose limits the preview reports with their file location. */
  parseXml: (
    bytes: Uint8Array,
    plan: Plan,
  ) => { workbook: ImportedWorkbook; issues: ImportIssue[] };
  /** In a worker thread with memory and time limits (ADR 0120); the settings are kept when the file has none. */
  readXlsx: (bytes: Uint8Array, settings: ProjectSettings, plan: Plan) => Promise<XlsxReadResult>;
  writeXml: (workbook: ImportedWorkbook, result?: ReportResult) => string;
  /** `projectNumber`: written to the settings sheet with the settings (ADR 0121). */
  writeXlsx: (
    workbook: ImportedWorkbook,
    result: ReportResult | undefined,
    lang: FileLanguage,
    projectNumber: string,
  ) => Promise<Uint8Array>;
  sampleXlsx: (lang: FileLanguage) => Promise<Uint8Array>;
  renderPdf: (input: PdfInput) => Promise<Uint8Array>;
};

/** The codecs of `@pfahlplaner/formats`, Excel files read through `xlsx` (worker threads). */
export const formatsCodecs = (xlsx: XlsxReader): Codecs => ({
  parseXml: (bytes, plan) => parseInputDatenXml(bytes, { plan }),
  readXlsx: (bytes, settings, plan) => xlsx.read(bytes, settings, plan),
  writeXml: (workbook, result) => writeInputDatenXml(workbook, result),
  writeXlsx: (workbook, result, lang, projectNumber) =>
    writeWorkbookXlsx(workbook, result, lang, { projectNumber }),
  sampleXlsx: (lang) => sampleImportXlsx(lang),
  renderPdf: (input) => renderReportPdf(input),
});
