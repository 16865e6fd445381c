// The file answers of a project: PDF report, Excel and XML export, and the sample import file (docs/files.md).
import type { FileLanguage, PdfReportQuery, Workbook } from '@pfahlplaner/contracts';
import { safeFileName } from '@pfahlplaner/contracts';
import type { AuthContext } from '#app/modules/auth/auth.service';
import type { Codecs, ReportCompany, ReportDetail } from '#app/modules/files/codecs';
import type { FilesRepository } from '#app/modules/files/files.repository';
import { withoutVersion } from '#app/modules/files/import-reading';
import type { ProjectsService } from '#app/modules/projects/projects.service';

/** A file answer: bytes, MIME type and the download name. */
export type FileAnswer = { bytes: Uint8Array; contentType: string; fileName: string };

/** The report's detail from the query (`select`: load point names or group numbers, comma-separated). */
const reportDetailOf = (query: PdfReportQuery): ReportDetail => {
  const items = query.select
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  switch (query.detail) {
    case 'piles':
      return { mode: 'piles', piles: items };
    case 'groups':
      return { mode: 'groups', groups: items.map(Number) };
    case 'summary':
    case 'all':
      return { mode: query.detail };
  }
};

const MIME = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xml: 'application/xml; charset=utf-8',
} as const;

/**
 * The exports: access and freshness are the projects service's checks; an export of a stale or missing
 * calculation carries the inputs without results, the PDF refuses it (ADR 0170).
 */
export const fileExports = (deps: {
  projects: ProjectsService;
  files: FilesRepository;
  codecs: Codecs;
}) => {
  const { projects, files, codecs } = deps;

  /**
   * Company block of the report: the company's name, address and logo, plus the project's report logo;
   * the renderer prints the project's alternative company data instead when its settings ask for it.
   */
  const reportCompany = async (
    auth: AuthContext,
    companyId: number,
    projectId: number,
  ): Promise<ReportCompany> => {
    const company = await files.companyHeader(companyId);
    const logo = await files.companyLogo(companyId);
    const alternative = await projects.reportLogo(auth, companyId, projectId);
    const lines = [
      company?.street ?? '',
      [company?.postal_code, company?.location].filter(Boolean).join(' '),
      company?.phone ?? '',
      company?.email ?? '',
    ].filter((line) => line.trim() !== '');
    return {
      name: company?.name ?? '',
      addressLines: lines,
      ...(logo ? { logo: new Uint8Array(logo.data) } : {}),
      ...(alternative ? { alternativeLogo: new Uint8Array(alternative.data) } : {}),
    };
  };

  return {
    /** GET …/pdf/?lang=&detail=&select=: the report; only with a calculation of the current inputs (else 409). */
    pdf: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
      query: PdfReportQuery,
    ): Promise<FileAnswer> => {
      const { lang } = query;
      const fresh = await projects.requireFreshCalculation(auth, companyId, projectId);
      const detail = await projects.detail(auth, companyId, projectId);
      const { project } = detail;
      const bytes = await codecs.renderPdf({
        workbook: withoutVersion(fresh.workbook) as Omit<Workbook, 'version'>,
        result: fresh.result,
        calculation: fresh.calculation,
        company: await reportCompany(auth, companyId, projectId),
        project: {
          name: project.name,
          number: project.number || null,
          address:
            [project.street, [project.postal_code, project.location].filter(Boolean).join(' ')]
              .filter(Boolean)
              .join(', ') || null,
        },
        lang,
        detail: reportDetailOf(query),
      });
      return {
        bytes,
        contentType: MIME.pdf,
        fileName: safeFileName(detail.project.name, 'pdf'),
      };
    },

    /** GET …/xlsx/?lang=: the workbook in the predecessor's layout (headers in `lang`), plus result sheets when fresh. */
    xlsx: async (
      auth: AuthContext,
      companyId: number,
      projectId: number,
      lang: FileLanguage,
    ): Promise<FileAnswer> => {
      const detail = await projects.detail(auth, companyId, projectId);
      const fresh = await projects.freshCalculationOrNull(auth, companyId, projectId);
      const bytes = await codecs.writeXlsx(
        withoutVersion(detail.workbook) as Omit<Workbook, 'version'>,
        fresh?.result,
        lang,
        detail.project.number,
      );
      return {
        bytes,
        contentType: MIME.xlsx,
        fileName: safeFileName(detail.project.name, 'xlsx'),
      };
    },

    /** GET …/xml/: the InputDaten document, results in the output section when fresh. */
    xml: async (auth: AuthContext, companyId: number, projectId: number): Promise<FileAnswer> => {
      const detail = await projects.detail(auth, companyId, projectId);
      const fresh = await projects.freshCalculationOrNull(auth, companyId, projectId);
      const text = codecs.writeXml(
        withoutVersion(detail.workbook) as Omit<Workbook, 'version'>,
        fresh?.result,
      );
      return {
        bytes: new TextEncoder().encode(text),
        contentType: MIME.xml,
        fileName: safeFileName(detail.project.name, 'xml'),
      };
    },

    /** GET /v1/sample-import-file/?lang=: the example project as .xlsx. */
    sample: async (lang: FileLanguage): Promise<FileAnswer> => ({
      bytes: await codecs.sampleXlsx(lang),
      contentType: MIME.xlsx,
      fileName: lang === 'en' ? 'Sample Import File.xlsx' : 'Beispiel-Importdatei.xlsx',
    }),
  };
};
