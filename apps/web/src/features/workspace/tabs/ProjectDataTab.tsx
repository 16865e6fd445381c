import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../lib/notify/useNotify';
import { projectsApi, type ProjectBasics, type ProjectSummary } from '../../projects/api';
import { ProjectBasicsFields } from '../../projects/ProjectFormModal';

/** Project data: name (≤ 40), number and address of the project (PUT …/projects/{id}/). */
export const ProjectDataTab = ({
  companyId,
  project,
  readOnly,
  onSaved,
}: {
  companyId: number;
  project: ProjectSummary;
  readOnly: boolean;
  onSaved: (project: ProjectSummary) => void;
}) => {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<ProjectBasics>();
  const [busy, setBusy] = useState(false);
  const submit = async (values: ProjectBasics) => {
    setBusy(true);
    try {
      const response = await projectsApi.update(companyId, project.id, {
        ...values,
        name: values.name.trim(),
      });
      notify.success(response.status, t('workspace.projects.renamed'));
      onSaved(response.data);
    } catch (error) {
      notify.failure(error, t('workspace.projects.rename'), { form });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="pp-tab-pane pp-tab-pane--narrow">
      <Form
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={project}
        onFinish={(values) => void submit(values)}
        data-testid="project-data-form"
      >
        <ProjectBasicsFields />
        {!readOnly && (
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('common.save')}
          </Button>
        )}
      </Form>
    </div>
  );
};
