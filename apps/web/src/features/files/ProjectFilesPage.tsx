import type { ProjectSummary } from '@pfahlplaner/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Descriptions, Result, Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../lib/http/api';
import { useCurrentUser } from '../auth/session';
import { ExportMenu } from './ExportMenu';
import { ImportButton } from './ImportButton';
import { ImportUndoButton } from './ImportUndoButton';
import { SampleFileLink } from './SampleFileLink';

type Detail = {
  project: ProjectSummary;
  workbook: { version: number; piles: unknown[]; soil_profiles: unknown[] };
};

/**
 * /projects/:projectId/files: import and export of one project on a page of their own (the same
 * components the workspace toolbar mounts). Reloads the project after an import or an undo.
 */
export const ProjectFilesPage = () => {
  const { t } = useTranslation();
  const { projectId: param } = useParams();
  const projectId = Number(param);
  const { data: user } = useCurrentUser();
  const companyId = user?.company.id;
  const queryClient = useQueryClient();
  const key = ['files', 'project', companyId, projectId] as const;
  const detail = useQuery({
    queryKey: key,
    enabled: companyId !== undefined && Number.isSafeInteger(projectId),
    queryFn: async () =>
      (
        await api.request<Detail>(`/v1/companies/${companyId}/projects/${projectId}/`, {
          auth: true,
        })
      ).data,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: key });

  if (!user || detail.isPending) return <Spin className="pp-fullpage-center" />;
  if (detail.isError || !detail.data) {
    return <Result status="404" title={t('files.page.notFound')} />;
  }
  const { project, workbook } = detail.data;
  return (
    <div className="pp-page">
      <Link to={`/projects/${projectId}`} className="pp-back-link">
        ← {t('files.page.back')}
      </Link>
      <div className="pp-page__header">
        <div>
          <h1 className="pp-page__title" data-testid="files-project-name">
            {project.name}
            <Tag className="pp-page__tag">
              {t(`files.page.status.${project.calculation_status}`)}
            </Tag>
          </h1>
          <p className="pp-page__lead">{t('files.page.lead')}</p>
        </div>
      </div>
      <section className="pp-panel">
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'piles', label: t('files.page.piles'), children: workbook.piles.length },
            {
              key: 'profiles',
              label: t('files.page.profiles'),
              children: workbook.soil_profiles.length,
            },
            { key: 'version', label: t('files.page.version'), children: workbook.version },
          ]}
        />
        <Space wrap size="middle" style={{ marginTop: 16 }} data-testid="files-toolbar">
          {(['excel', 'xml'] as const).map((kind) => (
            <ImportButton
              key={kind}
              companyId={user.company.id}
              projectId={projectId}
              version={workbook.version}
              kind={kind}
              label={t(kind === 'excel' ? 'files.page.importExcel' : 'files.page.importXml')}
              onImported={reload}
              withUndo={false}
            />
          ))}
          <ImportUndoButton
            companyId={user.company.id}
            projectId={projectId}
            version={workbook.version}
            onUndone={reload}
          />
          <ExportMenu
            companyId={user.company.id}
            projectId={projectId}
            calculationStatus={project.calculation_status}
          />
          <SampleFileLink />
        </Space>
      </section>
    </div>
  );
};

export default ProjectFilesPage;
