import { PhoneSchema, UpdateInfoSchema, type User } from '@pfahlplaner/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseWithSchema, zodRule } from '../../../lib/forms/zod-rules';
import { useNotify } from '../../../lib/notify/useNotify';
import { useUpdateStoredUser } from '../../auth/session';
import { accountApi } from '../api';

type ProfileValues = { full_name: string; phone: string };

const rules = {
  full_name: [zodRule(UpdateInfoSchema.shape.full_name)],
  phone: [zodRule(PhoneSchema)],
};

/**
 * Name and phone of the signed-in user (PUT update-info). The sign-in address is shown read-only: it changes
 * only with a code to the new address (EmailChangeCard).
 */
export const ProfileForm = ({ user }: { user: User }) => {
  const { t } = useTranslation();
  const notify = useNotify();
  const updateStoredUser = useUpdateStoredUser();
  const [form] = Form.useForm<ProfileValues>();

  const save = useMutation({
    mutationFn: (body: ProfileValues) => accountApi.updateInfo(user.id, body),
    onSuccess: ({ status, data }) => {
      updateStoredUser(data);
      notify.success(status, t('account.profileSaved'));
    },
    onError: (error) => notify.failure(error, t('account.profileFailed'), { form }),
  });

  const submit = (values: ProfileValues) => {
    const body = parseWithSchema(form, UpdateInfoSchema, values);
    if (body) save.mutate(body as ProfileValues);
  };

  return (
    <Form<ProfileValues>
      form={form}
      name="profile"
      layout="vertical"
      requiredMark={false}
      className="pp-account-form"
      initialValues={{ full_name: user.full_name, phone: user.phone }}
      onFinish={submit}
      disabled={save.isPending}
      aria-label={t('account.profileTitle')}
    >
      <Form.Item
        name="full_name"
        label={t('field.full_name.label')}
        rules={rules.full_name}
        validateTrigger="onBlur"
      >
        <Input name="full_name" autoComplete="name" />
      </Form.Item>
      <Form.Item label={t('field.email.label')} extra={t('emailChange.profileEmailHint')}>
        <Input id="profile_email" value={user.email} disabled />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('field.phone.label')}
        rules={rules.phone}
        validateTrigger="onBlur"
      >
        <Input name="phone" type="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item label={t('field.role.label')}>
        <Input id="profile_role" value={t(`role.${user.role}`)} disabled />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
        {t('common.save')}
      </Button>
    </Form>
  );
};
