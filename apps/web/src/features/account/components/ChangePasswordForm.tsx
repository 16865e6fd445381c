import { ChangePasswordSchema, PasswordSchema } from '@pfahlplaner/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { matchesRule, parseWithSchema, zodRule } from '../../../lib/forms/zod-rules';
import { tokenStore } from '../../../lib/http/token-store';
import { useNotify } from '../../../lib/notify/useNotify';
import { accountApi } from '../api';
import { NewPasswordFields } from '../../../components/NewPasswordFields';

type PasswordValues = { old_password: string; new_password: string; confirm_password: string };

const rules = {
  old_password: [zodRule(ChangePasswordSchema.shape.old_password)],
  new_password: [zodRule(PasswordSchema)],
  confirm_password: [matchesRule('new_password')],
};

/** Change password; the server answers with a fresh token pair (other sessions are revoked). */
export const ChangePasswordForm = ({ userId }: { userId: number }) => {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<PasswordValues>();

  const change = useMutation({
    mutationFn: (body: PasswordValues) => accountApi.changePassword(userId, body),
    onSuccess: ({ status, data }) => {
      if (data && typeof data === 'object' && 'refresh_token' in data) tokenStore.saveTokens(data);
      form.resetFields();
      notify.success(status, t('account.passwordChanged'));
    },
    onError: (error) => notify.failure(error, t('account.passwordFailed'), { form }),
  });

  const submit = (values: PasswordValues) => {
    const body = parseWithSchema(form, ChangePasswordSchema, values);
    if (body) change.mutate(body);
  };

  return (
    <Form<PasswordValues>
      form={form}
      name="security"
      layout="vertical"
      requiredMark={false}
      className="pp-account-form"
      onFinish={submit}
      disabled={change.isPending}
      aria-label={t('account.passwordTitle')}
    >
      <Form.Item
        name="old_password"
        label={t('field.old_password.label')}
        rules={rules.old_password}
        validateTrigger="onBlur"
      >
        <Input.Password name="old_password" autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields
        name="new_password"
        labelKey="field.new_password.label"
        passwordRules={rules.new_password}
        confirmRules={rules.confirm_password}
      />
      <Button
        type="primary"
        htmlType="submit"
        loading={change.isPending}
        data-testid="password-save"
      >
        {t('account.passwordSubmit')}
      </Button>
    </Form>
  );
};
