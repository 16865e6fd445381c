import {
  assignableRoles,
  UpdateEmployeeInfoSchema,
  type Employee,
  type Role,
  type User,
} from '@pfahlplaner/contracts';
import { useMutation } from '@tanstack/react-query';
import { Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseWithSchema } from '../../lib/forms/zod-rules';
import { useNotify } from '../../lib/notify/useNotify';
import { emailChangeApi } from '../account/email-change-api';
import { usePreferences } from '../preferences/usePreferences';
import { teamApi } from './api';
import { roleOptions, UserInfoFields } from './UserInfoFields';

type InfoValues = { full_name: string; email: string; phone: string; role: Role };

/** Edits a user's name, phone and role; a new e-mail address is proposed to the user (ADR 0112). */
export const EditUserModal = ({
  user,
  employee,
  onClose,
  onDone,
}: {
  user: User;
  employee: Employee;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation();
  const notify = useNotify();
  const { language } = usePreferences();
  const [form] = Form.useForm<InfoValues>();
  const roles = assignableRoles(user.role);
  const save = useMutation({
    // The address is not part of update-info: a new one is proposed to the user, who confirms it with the
    // code mailed to it (ADR 0112).
    mutationFn: async ({ role, email, ...info }: InfoValues) => {
      let res = await teamApi.updateInfo(user.company.id, employee.id, info);
      if (role !== employee.role) {
        res = await teamApi.updateRole(user.company.id, employee.id, role);
      }
      if (email === employee.email) return { status: res.status, proposed: null };
      const proposed = await emailChangeApi.requestForMember(user.company.id, employee.id, {
        new_email: email,
        lang: language,
      });
      return { status: proposed.status, proposed: proposed.data.new_email };
    },
    onSuccess: ({ status, proposed }) => {
      notify.success(
        status,
        proposed ? t('emailChange.memberRequested', { email: proposed }) : t('team.users.saved'),
      );
      onDone();
      onClose();
    },
    onError: (error) => {
      notify.failure(error, t('team.users.saveFailed'), { form });
      onDone();
    },
  });
  const submit = (values: InfoValues) => {
    const info = parseWithSchema(form, UpdateEmployeeInfoSchema, {
      full_name: values.full_name,
      email: values.email,
      phone: values.phone ?? '',
    });
    if (info) save.mutate({ ...(info as Omit<InfoValues, 'role'>), role: values.role });
  };
  return (
    <Modal
      open
      title={t('team.users.editTitle')}
      onCancel={onClose}
      okText={t('common.save')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'edit-user-submit' }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<InfoValues>
        form={form}
        name="edit_user"
        layout="vertical"
        requiredMark={false}
        initialValues={{
          full_name: employee.full_name,
          email: employee.email,
          phone: employee.phone,
          role: employee.role,
        }}
        onFinish={submit}
      >
        <p className="pp-muted">{t('emailChange.memberHint')}</p>
        <UserInfoFields />
        <Form.Item name="role" label={t('field.role.label')}>
          <Select
            options={roleOptions(
              roles.includes(employee.role) ? roles : [employee.role, ...roles],
              t,
            )}
            data-testid="edit-user-role"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
