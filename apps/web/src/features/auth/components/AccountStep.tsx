import {
  EmailSchema,
  PasswordSchema,
  PhoneSchema,
  RegisterStep1Schema,
} from '@pfahlplaner/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { matchesRule, parseWithSchema, zodRule } from '../../../lib/forms/zod-rules';
import { useNotify } from '../../../lib/notify/useNotify';
import { usePreferences } from '../../preferences/usePreferences';
import { authApi } from '../api';
import { NewPasswordFields } from '../../../components/NewPasswordFields';

type AccountValues = {
  full_name: string;
  email: string;
  phone: string;
  password: string;
  confirm_password: string;
  accept_terms: boolean;
};

const shape = RegisterStep1Schema.shape;
const rules = {
  full_name: [zodRule(shape.full_name)],
  email: [zodRule(EmailSchema)],
  phone: [zodRule(PhoneSchema)],
  password: [zodRule(PasswordSchema)],
  confirm_password: [zodRule(shape.confirm_password), matchesRule('password')],
  accept_terms: [zodRule(shape.accept_terms)],
};

/** Register step 1 ("continue signup"): credentials and accepted terms; the server mails the OTP. */
export const AccountStep = ({ onSent }: { onSent: (email: string) => void }) => {
  const { t } = useTranslation();
  const notify = useNotify();
  const { language } = usePreferences();
  const [form] = Form.useForm<AccountValues>();
  const terms = useQuery({
    queryKey: ['general', 'terms'],
    queryFn: authApi.termsUrl,
    staleTime: Infinity,
    retry: false,
  });

  const register = useMutation({
    mutationFn: authApi.registerStep1,
    onSuccess: ({ status, data }) => {
      notify.success(status, t('auth.register.codeSent'));
      onSent(data.email);
    },
    onError: (error) => notify.failure(error, t('auth.register.failed'), { form }),
  });

  const submit = (values: AccountValues) => {
    const body = parseWithSchema(form, RegisterStep1Schema, { ...values, step: 1, lang: language });
    if (body) register.mutate(body);
  };

  const termsUrl = terms.data?.data.url;
  return (
    <Form<AccountValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      disabled={register.isPending}
      initialValues={{ accept_terms: false }}
      aria-label={t('auth.register.stepAccount')}
    >
      <Form.Item
        name="full_name"
        label={t('field.full_name.label')}
        rules={rules.full_name}
        validateTrigger="onBlur"
      >
        <Input name="full_name" autoComplete="name" autoFocus />
      </Form.Item>
      <div className="pp-form-grid">
        <Form.Item
          name="email"
          label={t('field.email.label')}
          rules={rules.email}
          validateTrigger="onBlur"
        >
          <Input name="email" type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('field.phone.label')}
          rules={rules.phone}
          validateTrigger="onBlur"
        >
          <Input name="phone" type="tel" autoComplete="tel" placeholder="+49 30 1234567" />
        </Form.Item>
      </div>
      <div className="pp-form-grid">
        <NewPasswordFields
          name="password"
          labelKey="field.password.label"
          passwordRules={rules.password}
          confirmRules={rules.confirm_password}
        />
      </div>
      <Form.Item name="accept_terms" valuePropName="checked" rules={rules.accept_terms}>
        <Checkbox id="accept_terms">
          {t('auth.register.acceptTermsPrefix')}{' '}
          {termsUrl ? (
            <a
              href={termsUrl}
              target="_blank"
              rel="noreferrer"
              onClick={(e) => e.stopPropagation()}
            >
              {t('auth.register.terms')}
            </a>
          ) : (
            t('auth.register.terms')
          )}
        </Checkbox>
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={register.isPending}
        data-testid="register-submit"
      >
        {t('auth.register.submit')}
      </Button>
    </Form>
  );
};
