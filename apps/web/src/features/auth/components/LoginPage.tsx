import { EmailSchema, LoginSchema } from '@pfahlplaner/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { zodRule, parseWithSchema } from '../../../lib/forms/zod-rules';
import { ApiError } from '../../../lib/http/api-error';
import { useNotify } from '../../../lib/notify/useNotify';
import { usePreferences } from '../../preferences/usePreferences';
import { authApi } from '../api';
import { useHasSession, useStartSession } from '../session';
import { AuthLayout } from './AuthLayout';

type LoginValues = { email: string; password: string; remember_me: boolean };
type LoginLocationState = { from?: string; email?: string } | null;

const passwordRule = zodRule(LoginSchema.shape.password);
const emailRule = zodRule(EmailSchema);

/** /login: e-mail and password; a signed-in user goes straight to /projects. */
export const LoginPage = () => {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as LoginLocationState;
  const { language } = usePreferences();
  const hasSession = useHasSession();
  const startSession = useStartSession();
  const [form] = Form.useForm<LoginValues>();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);

  const login = useMutation({
    mutationFn: authApi.login,
    // The session change re-renders this page, which then redirects (see below).
    onSuccess: ({ data }) => {
      notify.clear();
      startSession(data);
    },
    onError: (error, variables) => {
      if (error instanceof ApiError && error.code === 'ACCOUNT_NOT_ACTIVATED') {
        setUnverifiedEmail(variables.email);
      }
      notify.failure(error, t('auth.login.failed'), { form });
    },
  });

  const verify = useMutation({
    mutationFn: (email: string) => authApi.requestVerifyEmail(email, language),
    onSuccess: (_result, email) => void navigate('/register', { state: { email, step: 'otp' } }),
    onError: (error) => notify.failure(error, t('auth.login.verifyFailed')),
  });

  if (hasSession) {
    const target =
      state?.from && state.from.startsWith('/') && state.from !== '/login'
        ? state.from
        : '/projects';
    return <Navigate to={target} replace />;
  }

  const submit = (values: LoginValues) => {
    setUnverifiedEmail(null);
    const body = parseWithSchema(form, LoginSchema, values);
    if (body) login.mutate(body);
  };

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      {unverifiedEmail && (
        <Alert
          className="pp-form-alert"
          type="warning"
          showIcon
          title={t('auth.login.notActivated')}
          action={
            <Button
              size="small"
              loading={verify.isPending}
              onClick={() => verify.mutate(unverifiedEmail)}
            >
              {t('auth.login.verifyNow')}
            </Button>
          }
        />
      )}
      <Form<LoginValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ email: state?.email ?? '', password: '', remember_me: false }}
        onFinish={submit}
        disabled={login.isPending}
        aria-label={t('auth.login.title')}
      >
        <Form.Item
          name="email"
          label={t('field.email.label')}
          rules={[emailRule]}
          validateTrigger="onBlur"
        >
          <Input name="email" type="email" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('field.password.label')}
          rules={[passwordRule]}
          validateTrigger="onBlur"
        >
          <Input.Password name="password" autoComplete="current-password" />
        </Form.Item>
        <div className="pp-form-row">
          <Form.Item name="remember_me" valuePropName="checked" noStyle>
            <Checkbox id="remember_me">{t('auth.login.rememberMe')}</Checkbox>
          </Form.Item>
          <Link to="/forgot-password" className="pp-link-small">
            {t('auth.login.forgotPassword')}
          </Link>
        </div>
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={login.isPending}
          data-testid="login-submit"
        >
          {t('auth.login.submit')}
        </Button>
      </Form>
      <p className="pp-auth__switch">
        {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.register')}</Link>
      </p>
    </AuthLayout>
  );
};
