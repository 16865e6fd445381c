import { CompanyAddressSchema, EmailSchema, OtpSchema } from '@pfahlplaner/contracts';
import { Alert, Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../lib/forms/zod-rules';
import type { CountryOption } from '../auth/useCountries';
import type { CompanyValues, useCompanyEmail } from './useCompanyEmail';

const address = CompanyAddressSchema.shape;

type Props = {
  /** The company data entered before (back from a later step) or the company's current data. */
  initialValues: CompanyValues;
  email: ReturnType<typeof useCompanyEmail>;
  countryOptions: CountryOption[];
  onBack: () => void;
  onNext: () => void;
};

/** Upgrade step 2: the company's address and billing e-mail, confirmed with a code mailed to it. */
export const CompanyStep = ({ initialValues, email, countryOptions, onBack, onNext }: Props) => {
  const { t } = useTranslation();
  const {
    form: companyForm,
    sendCode,
    verify,
    codeSentTo,
    codeVerifiedEmail,
    verifiedEmail,
  } = email;
  const formEmail = Form.useWatch('email', companyForm) as string | undefined;
  return (
    <Form<CompanyValues>
      form={companyForm}
      name="upgrade_company"
      layout="vertical"
      requiredMark={false}
      className="pp-account-form"
      initialValues={initialValues}
    >
      <Form.Item name="name" label={t('field.company.name.label')} rules={[zodRule(address.name)]}>
        <Input />
      </Form.Item>
      <Form.Item
        name="street"
        label={t('field.company.street.label')}
        rules={[zodRule(address.street)]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="postal_code"
        label={t('field.company.postal_code.label')}
        rules={[zodRule(address.postal_code)]}
      >
        <Input inputMode="numeric" />
      </Form.Item>
      <Form.Item
        name="location"
        label={t('field.company.location.label')}
        rules={[zodRule(address.location)]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="country_id" label={t('field.company.country_id.label')}>
        <Select options={countryOptions} showSearch optionFilterProp="label" allowClear />
      </Form.Item>
      <Form.Item label={t('team.upgrade.companyEmail')} required>
        <Space.Compact block>
          <Form.Item name="email" noStyle rules={[zodRule(EmailSchema)]}>
            <Input type="email" />
          </Form.Item>
          <Button
            loading={sendCode.isPending}
            onClick={() =>
              void companyForm
                .validateFields(['email'])
                .then(({ email }) => sendCode.mutate(email.trim()))
            }
            data-testid="send-company-code"
          >
            {t('team.upgrade.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      {codeSentTo && !codeVerifiedEmail && (
        <Form.Item label={t('team.upgrade.code')}>
          <Space.Compact block>
            <Form.Item name="otp" noStyle rules={[zodRule(OtpSchema)]}>
              <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
            </Form.Item>
            <Button
              loading={verify.isPending}
              onClick={() =>
                void companyForm
                  .validateFields(['otp'])
                  .then(({ otp }) => verify.mutate({ email: codeSentTo, otp: (otp ?? '').trim() }))
              }
              data-testid="verify-company-code"
            >
              {t('team.upgrade.verify')}
            </Button>
          </Space.Compact>
        </Form.Item>
      )}
      {verifiedEmail && formEmail?.trim().toLowerCase() === verifiedEmail.toLowerCase() && (
        <Alert
          type="success"
          showIcon
          className="pp-form-alert"
          title={`${t('team.upgrade.verified')}: ${verifiedEmail}`}
          data-testid="company-email-verified"
        />
      )}
      <Space>
        <Button onClick={onBack}>{t('team.upgrade.back')}</Button>
        <Button type="primary" onClick={onNext} data-testid="upgrade-next-1">
          {t('team.upgrade.next')}
        </Button>
      </Space>
    </Form>
  );
};
