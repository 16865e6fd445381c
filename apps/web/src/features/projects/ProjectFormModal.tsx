import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryOptions } from '../auth/useCountries';
import { usePreferences } from '../preferences/usePreferences';
import type { ProjectBasics, ProjectSummary } from './api';

export const PROJECT_NAME_MAX = 40;

/** The basic data fields of a project (name ≤ 40 characters, number, address, country). */
export const ProjectBasicsFields = () => {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const { options } = useCountryOptions(language);
  return (
    <>
      <Form.Item
        name="name"
        label={t('workspace.projects.form.name')}
        rules={[
          { required: true, whitespace: true, message: t('error.REQUIRED') },
          { max: PROJECT_NAME_MAX, message: t('workspace.projects.form.nameMax') },
        ]}
      >
        <Input autoFocus maxLength={PROJECT_NAME_MAX + 10} id="project_name" />
      </Form.Item>
      <div className="pp-form-grid">
        <Form.Item name="number" label={t('workspace.projects.form.number')}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="country_id" label={t('workspace.projects.form.country_id')}>
          <Select options={options} showSearch={{ optionFilterProp: 'label' }} allowClear />
        </Form.Item>
        <Form.Item name="street" label={t('workspace.projects.form.street')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="postal_code" label={t('workspace.projects.form.postal_code')}>
          <Input maxLength={10} />
        </Form.Item>
        <Form.Item name="location" label={t('workspace.projects.form.location')}>
          <Input maxLength={100} />
        </Form.Item>
      </div>
    </>
  );
};

/** Create or rename a project with its basic data (name ≤ 40 characters, address, number). */
export const ProjectFormModal = ({
  open,
  project,
  busy,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  project: ProjectSummary | null;
  busy: boolean;
  onSubmit: (values: ProjectBasics) => void;
  onCancel: () => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProjectBasics>();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (project) {
      form.setFieldsValue({
        name: project.name,
        number: project.number,
        street: project.street,
        postal_code: project.postal_code,
        location: project.location,
        country_id: project.country_id,
      });
    }
  }, [open, project, form]);
  return (
    <Modal
      open={open}
      title={project ? t('workspace.projects.formTitleEdit') : t('workspace.projects.formTitleNew')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      width={560}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => onSubmit({ ...values, name: values.name.trim() })}
        data-testid="project-form"
      >
        <ProjectBasicsFields />
      </Form>
    </Modal>
  );
};
