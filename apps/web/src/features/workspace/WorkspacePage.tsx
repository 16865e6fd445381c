import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorText } from '../../i18n';
import { isApiError } from '../../lib/http/api-error';
import { useCurrentUser } from '../auth/session';
import { projectsApi } from '../projects/api';
import { Workspace } from './Workspace';

/** /projects/:projectId — loads the project and opens the workspace. */
export const WorkspacePage = () => {
  const { t } = useTranslation();
  const params = useParams();
  const projectId = Number(params.projectId);
  const { data: user } = useCurrentUser();
  const companyId = user?.company.id ?? 0;
  const detail = useQuery({
    queryKey: ['projects', companyId, projectId, 'detail'],
    enabled: companyId > 0 && Number.isSafeInteger(projectId),
    queryFn: async () => (await projectsApi.detail(companyId, projectId)).data,
    refetchOnMount: 'always',
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const last = useQuery({
    queryKey: ['projects', companyId, projectId, 'calculation'],
    enabled: companyId > 0 && detail.data?.calculation != null,
    queryFn: async () => (await projectsApi.lastCalculation(companyId, projectId)).data,
    gcTime: 0,
    retry: false,
  });
  if (detail.isError) {
    const code = isApiError(detail.error) ? detail.error.code : null;
    return (
      <Result
        status="warning"
        title={t('workspace.loadFailed')}
        subTitle={code ? errorText(code) : undefined}
      />
    );
  }
  if (!detail.data || !user || (detail.data.calculation && last.isLoading)) {
    return <Spin className="pp-workspace__loading" size="large" />;
  }
  return (
    <Workspace
      key={projectId}
      companyId={companyId}
      userId={user.id}
      plan={user.company.plan}
      detail={detail.data}
      lastResult={last.data ?? null}
      readOnly={user.role === 'Guest'}
    />
  );
};

export default WorkspacePage;
