/** File codecs: bytes ⇄ contracts types (XML, Excel, PDF). No file system, no network. */
export * from './issues';
export type { ImportedWorkbook, ImportOptions } from './validate';
export type { ReportResult } from './result';
export { parseInputDatenXml } from './xml/input-daten-read';
export { writeInputDatenXml } from './xml/input-daten-write';
export { XML_LIMITS } from './xml/safe-xml';
export { writeWorkbookXlsx, sampleImportXlsx } from './xlsx/write';
export { readWorkbookXlsx } from './xlsx/read';
export { sanitizeSheetName, uniqueSheetNames, SHEET_NAME_MAX } from './xlsx/sheet-names';
export { ZIP_LIMITS } from './xlsx/zip-guard';
export { SHEET_LIMITS, type Lang } from './xlsx/layout';
export { sampleWorkbook } from './sample';
export {
  renderReportPdf,
  reportDefinition,
  type ReportDetail,
  type ReportInput,
} from './pdf/report';
export { formatIssueParam, formatNumber, issueText, type ReportLang } from './pdf/texts';
