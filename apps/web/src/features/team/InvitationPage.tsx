import {
  EmailSchema,
  OtpSchema,
  PasswordSchema,
  ResetPasswordSchema,
} from '@pfahlplaner/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { matchesRule, parseWithSchema, zodRule } from '../../lib/forms/zod-rules';
import { useNotify } from '../../lib/notify/useNotify';
import { AuthLayout } from '../auth/components/AuthLayout';
import { teamApi } from './api';
import { OtpCodeInput } from '../../components/OtpCodeInput';

type Values = { email: string; otp: string; password: string; confirm_password: string };

const rules = {
  email: [zodRule(EmailSchema)],
  otp: [zodRule(OtpSchema)],
  password: [zodRule(PasswordSchema)],
  confirm: [matchesRule('password')],
};

/** /invitation?email=: an invited employee sets the password with the mailed code (POST /v1/otp/reset-password/). */
export const InvitationPage = () => {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const accept = useMutation({
    mutationFn: teamApi.resetPassword,
    onSuccess: ({ status }, body) => {
      notify.success(status, t('team.invitation.done'));
      void navigate('/login', { replace: true, state: { email: body.email } });
    },
    onError: (error) => notify.failure(error, t('team.invitation.failed'), { form }),
  });
  const submit = (values: Values) => {
    const body = parseWithSchema(form, ResetPasswordSchema, { ...values, otp: values.otp?.trim() });
    if (body) accept.mutate(body);
  };
  return (
    <AuthLayout title={t('team.invitation.title')} subtitle={t('team.invitation.lead')}>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ email: params.get('email') ?? '' }}
        onFinish={submit}
        disabled={accept.isPending}
        aria-label={t('team.invitation.title')}
      >
        <Form.Item
          name="email"
          label={t('field.email.label')}
          rules={rules.email}
          validateTrigger="onBlur"
        >
          <Input name="email" type="email" autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="otp"
          label={t('field.otp.label')}
          rules={rules.otp}
          validateTrigger="onBlur"
        >
          <OtpCodeInput />
        </Form.Item>
        <NewPasswordFields
          name="password"
          labelKey="field.password.label"
          passwordRules={rules.password}
          confirmRules={rules.confirm}
        />
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={accept.isPending}
          data-testid="invitation-submit"
        >
          {t('team.invitation.submit')}
        </Button>
      </Form>
    </AuthLayout>
  );
};
