import { useMutation } from '@tanstack/react-query';
import { Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../lib/notify/useNotify';
import { usePreferences } from '../preferences/usePreferences';
import { teamApi } from './api';

export type CompanyValues = {
  name: string;
  street: string;
  postal_code: string;
  location: string;
  country_id?: string;
  email: string;
  otp?: string;
};

/**
 * The company form of the upgrade and its billing e-mail: a code is sent to the address and confirmed.
 * The user's own login address was verified with a code at sign-up and needs no second code.
 */
export const useCompanyEmail = (userEmail: string | undefined) => {
  const { t } = useTranslation();
  const notify = useNotify();
  const { language } = usePreferences();
  const [form] = Form.useForm<CompanyValues>();
  const [codeVerifiedEmail, setVerifiedEmail] = useState<string | null>(null);
  const verifiedEmail = codeVerifiedEmail ?? userEmail?.trim().toLowerCase() ?? null;
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);

  const sendCode = useMutation({
    mutationFn: (email: string) => teamApi.requestCompanyEmail(email, language),
    onSuccess: ({ status, data }) => {
      notify.success(status, t('team.upgrade.codeSent'));
      setCodeSentTo(data.email);
      setVerifiedEmail(null);
    },
    onError: (error) => notify.failure(error, t('team.upgrade.verifyFailed'), { form }),
  });
  const verify = useMutation({
    mutationFn: ({ email, otp }: { email: string; otp: string }) =>
      teamApi.verifyCompanyEmail(email, otp),
    onSuccess: ({ data }) => {
      notify.success(200, t('team.upgrade.verified'));
      setVerifiedEmail(data.company_verify_email);
    },
    onError: (error) => notify.failure(error, t('team.upgrade.verifyFailed'), { form }),
  });

  /** The entered company data with the verified address, or null (the form shows why). */
  const confirm = async (): Promise<CompanyValues | null> => {
    const values = await form.validateFields();
    if (verifiedEmail !== values.email.trim().toLowerCase()) {
      form.setFields([{ name: 'email', errors: [t('error.COMPANY_EMAIL_NOT_VERIFIED')] }]);
      return null;
    }
    return { ...values, email: verifiedEmail };
  };

  return { form, sendCode, verify, codeSentTo, codeVerifiedEmail, verifiedEmail, confirm };
};
