import {
  AddEmployeeSchema,
  assignableRoles,
  type AddEmployee,
  type User,
} from '@pfahlplaner/contracts';
import { useMutation } from '@tanstack/react-query';
import { Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseWithSchema } from '../../lib/forms/zod-rules';
import { useNotify } from '../../lib/notify/useNotify';
import { usePreferences } from '../preferences/usePreferences';
import { teamApi } from './api';
import { roleOptions, UserInfoFields } from './UserInfoFields';

/** Adds a user to the company: name, e-mail, phone and role; the new user gets an invitation mail. */
export const AddUserModal = ({
  user,
  onClose,
  onDone,
}: {
  user: User;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation();
  const notify = useNotify();
  const { language } = usePreferences();
  const [form] = Form.useForm<AddEmployee>();
  const add = useMutation({
    mutationFn: (body: AddEmployee) => teamApi.add(user.company.id, body),
    onSuccess: ({ status }) => {
      notify.success(status, t('team.users.added'));
      onDone();
      onClose();
    },
    onError: (error) => notify.failure(error, t('team.users.addFailed'), { form }),
  });
  const submit = (values: AddEmployee) => {
    const body = parseWithSchema(form, AddEmployeeSchema, {
      ...values,
      phone: values.phone ?? '',
      lang: language,
    });
    if (body) add.mutate(body);
  };
  const roles = assignableRoles(user.role);
  return (
    <Modal
      open
      title={t('team.users.addTitle')}
      onCancel={onClose}
      okText={t('team.users.add')}
      okButtonProps={{
        loading: add.isPending,
        htmlType: 'submit',
        'data-testid': 'add-user-submit',
      }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <p className="pp-muted">{t('team.users.addHint')}</p>
      <Form<AddEmployee>
        form={form}
        name="add_user"
        layout="vertical"
        requiredMark={false}
        initialValues={{ role: roles.includes('Employee') ? 'Employee' : roles[0] }}
        onFinish={submit}
      >
        <UserInfoFields />
        <Form.Item name="role" label={t('field.role.label')}>
          <Select options={roleOptions(roles, t)} data-testid="add-user-role" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
