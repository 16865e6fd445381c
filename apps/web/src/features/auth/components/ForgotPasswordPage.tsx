import {
  EmailSchema,
  OtpSchema,
  PasswordSchema,
  ResetPasswordSchema,
} from '@pfahlplaner/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { matchesRule, parseWithSchema, zodRule } from '../../../lib/forms/zod-rules';
import { useNotify } from '../../../lib/notify/useNotify';
import { usePreferences } from '../../preferences/usePreferences';
import { authApi } from '../api';
import { AuthLayout } from './AuthLayout';
import { useCountdown } from './useCountdown';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { OtpCodeInput } from '../../../components/OtpCodeInput';

type ResetValues = { otp: string; password: string; confirm_password: string };

const rules = {
  email: [zodRule(EmailSchema)],
  otp: [zodRule(OtpSchema)],
  password: [zodRule(PasswordSchema)],
  confirm: [matchesRule('password')],
};

/** /forgot-password: request a code by e-mail, then set a new password with it. */
export const ForgotPasswordPage = () => {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const { language } = usePreferences();
  const [emailForm] = Form.useForm<{ email: string }>();
  const [resetForm] = Form.useForm<ResetValues>();
  const [email, setEmail] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const secondsLeft = useCountdown(resendAt);

  const request = useMutation({
    mutationFn: (address: string) => authApi.requestPasswordReset(address, language),
    onSuccess: ({ status, data }) => {
      notify.success(status, t('auth.forgot.codeSent'));
      setEmail(data.email);
      setResendAt(Date.now() + 60_000);
    },
    onError: (error) => notify.failure(error, t('auth.forgot.requestFailed'), { form: emailForm }),
  });

  const reset = useMutation({
    mutationFn: authApi.resetPassword,
    onSuccess: ({ status }) => {
      notify.success(status, t('auth.forgot.success'));
      void navigate('/login', { replace: true, state: { email } });
    },
    onError: (error) => notify.failure(error, t('auth.forgot.failed'), { form: resetForm }),
  });

  const submitReset = (values: ResetValues) => {
    const body = parseWithSchema(resetForm, ResetPasswordSchema, {
      ...values,
      otp: values.otp?.trim(),
      email,
    });
    if (body) reset.mutate(body);
  };

  return (
    <AuthLayout
      title={t('auth.forgot.title')}
      subtitle={email ? t('auth.forgot.resetLead', { email }) : t('auth.forgot.lead')}
    >
      {email == null ? (
        <Form<{ email: string }>
          form={emailForm}
          layout="vertical"
          requiredMark={false}
          onFinish={({ email: address }) => request.mutate(address.trim())}
          aria-label={t('auth.forgot.title')}
        >
          <Form.Item
            name="email"
            label={t('field.email.label')}
            rules={rules.email}
            validateTrigger="onBlur"
          >
            <Input name="email" type="email" autoComplete="username" autoFocus />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={request.isPending}
            data-testid="forgot-submit"
          >
            {t('auth.forgot.sendCode')}
          </Button>
        </Form>
      ) : (
        <Form<ResetValues>
          form={resetForm}
          layout="vertical"
          requiredMark={false}
          onFinish={submitReset}
          disabled={reset.isPending}
          aria-label={t('auth.forgot.title')}
        >
          <Form.Item
            name="otp"
            label={t('field.otp.label')}
            rules={rules.otp}
            validateTrigger="onBlur"
          >
            <OtpCodeInput autoFocus />
          </Form.Item>
          <NewPasswordFields
            name="password"
            labelKey="field.new_password.label"
            passwordRules={rules.password}
            confirmRules={rules.confirm}
          />
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={reset.isPending}
            data-testid="reset-submit"
          >
            {t('auth.forgot.submit')}
          </Button>
          <div className="pp-form-row pp-form-row--spaced">
            <Button
              type="link"
              size="small"
              className="pp-link-button"
              onClick={() => setEmail(null)}
            >
              {t('auth.otp.changeEmail')}
            </Button>
            <Button
              type="link"
              size="small"
              className="pp-link-button"
              disabled={secondsLeft > 0}
              loading={request.isPending}
              onClick={() => request.mutate(email)}
            >
              {secondsLeft > 0
                ? t('auth.otp.resendIn', { seconds: secondsLeft })
                : t('auth.otp.resend')}
            </Button>
          </div>
        </Form>
      )}
      <p className="pp-auth__switch">
        <Link to="/login">{t('auth.forgot.backToLogin')}</Link>
      </p>
    </AuthLayout>
  );
};
