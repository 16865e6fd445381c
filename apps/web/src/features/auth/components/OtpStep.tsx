import { OtpSchema } from '@pfahlplaner/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../lib/forms/zod-rules';
import { useNotify } from '../../../lib/notify/useNotify';
import { usePreferences } from '../../preferences/usePreferences';
import { authApi } from '../api';
import { useCountdown } from './useCountdown';
import { OtpCodeInput } from '../../../components/OtpCodeInput';

const RESEND_COOLDOWN_MS = 60_000;
const otpRules = [zodRule(OtpSchema)];

type OtpStepProps = { email: string; onVerified: () => void; onChangeEmail: () => void };

/** Register step 2: the 6-digit code from the e-mail; resend at most once a minute. */
export const OtpStep = ({ email, onVerified, onChangeEmail }: OtpStepProps) => {
  const { t } = useTranslation();
  const notify = useNotify();
  const { language } = usePreferences();
  const [form] = Form.useForm<{ otp: string }>();
  const [resendAt, setResendAt] = useState(() => Date.now() + RESEND_COOLDOWN_MS);
  const secondsLeft = useCountdown(resendAt);

  const verify = useMutation({
    mutationFn: (otp: string) => authApi.verifyOtp({ email, otp }),
    onSuccess: ({ status }) => {
      notify.success(status, t('auth.otp.verified'));
      onVerified();
    },
    onError: (error) => notify.failure(error, t('auth.otp.failed'), { form }),
  });

  const resend = useMutation({
    mutationFn: () => authApi.resendOtp(email, language),
    onSuccess: ({ status }) => {
      notify.success(status, t('auth.otp.resent'));
      setResendAt(Date.now() + RESEND_COOLDOWN_MS);
    },
    onError: (error) => notify.failure(error, t('auth.otp.resendFailed')),
  });

  return (
    <Form<{ otp: string }>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={({ otp }) => verify.mutate(otp.trim())}
      aria-label={t('auth.otp.title')}
    >
      <p className="pp-step-lead">{t('auth.otp.lead', { email })}</p>
      <Form.Item
        name="otp"
        label={t('field.otp.label')}
        rules={otpRules}
        validateTrigger="onSubmit"
      >
        <OtpCodeInput placeholder="••••••" autoFocus />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={verify.isPending}
        data-testid="otp-submit"
      >
        {t('auth.otp.submit')}
      </Button>
      <div className="pp-form-row pp-form-row--spaced">
        <Button type="link" size="small" onClick={onChangeEmail} className="pp-link-button">
          {t('auth.otp.changeEmail')}
        </Button>
        <Button
          type="link"
          size="small"
          className="pp-link-button"
          disabled={secondsLeft > 0}
          loading={resend.isPending}
          onClick={() => resend.mutate()}
          data-testid="otp-resend"
        >
          {secondsLeft > 0
            ? t('auth.otp.resendIn', { seconds: secondsLeft })
            : t('auth.otp.resend')}
        </Button>
      </div>
    </Form>
  );
};
