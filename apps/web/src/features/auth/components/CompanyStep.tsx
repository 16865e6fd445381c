import {
  CompanyAddressSchema,
  type LoginResponse,
  RegisterStep2Schema,
} from '@pfahlplaner/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseWithSchema, zodRule } from '../../../lib/forms/zod-rules';
import { useNotify } from '../../../lib/notify/useNotify';
import { usePreferences } from '../../preferences/usePreferences';
import { authApi } from '../api';
import { useCountryOptions } from '../useCountries';

type CompanyValues = {
  company: {
    name: string;
    street: string;
    postal_code: string;
    location: string;
    country_id: string;
  };
};

const shape = CompanyAddressSchema.shape;
const rules = {
  name: [zodRule(shape.name)],
  street: [zodRule(shape.street)],
  postal_code: [zodRule(shape.postal_code)],
  location: [zodRule(shape.location)],
};

type CompanyStepProps = { email: string; onCompleted: (login: LoginResponse | null) => void };

/** Register step 3 ("complete signup"): the company; the server activates the account and signs in. */
export const CompanyStep = ({ email, onCompleted }: CompanyStepProps) => {
  const { t } = useTranslation();
  const notify = useNotify();
  const { language } = usePreferences();
  const countries = useCountryOptions(language);
  const [form] = Form.useForm<CompanyValues>();

  const complete = useMutation({
    mutationFn: authApi.registerStep2,
    onSuccess: ({ status, data }) => {
      notify.success(status, t('auth.register.completed'));
      onCompleted(data && 'access_token' in data && data.user ? (data as LoginResponse) : null);
    },
    onError: (error) => notify.failure(error, t('auth.register.completeFailed'), { form }),
  });

  const submit = (values: CompanyValues) => {
    const body = parseWithSchema(form, RegisterStep2Schema, {
      step: 2,
      email,
      company: values.company,
    });
    if (body) complete.mutate(body);
  };

  return (
    <Form<CompanyValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      disabled={complete.isPending}
      initialValues={{
        company: { name: '', street: '', postal_code: '', location: '', country_id: 'DE' },
      }}
      aria-label={t('auth.register.companyTitle')}
    >
      <p className="pp-step-lead">{t('auth.register.companyLead')}</p>
      <Form.Item
        name={['company', 'name']}
        label={t('field.company.name.label')}
        rules={rules.name}
        validateTrigger="onBlur"
      >
        <Input name="company_name" autoComplete="organization" autoFocus />
      </Form.Item>
      <Form.Item
        name={['company', 'street']}
        label={t('field.company.street.label')}
        rules={rules.street}
      >
        <Input name="company_street" autoComplete="street-address" />
      </Form.Item>
      <div className="pp-form-grid pp-form-grid--zip">
        <Form.Item
          name={['company', 'postal_code']}
          label={t('field.company.postal_code.label')}
          rules={rules.postal_code}
          validateTrigger="onBlur"
        >
          <Input name="company_postal_code" autoComplete="postal-code" inputMode="numeric" />
        </Form.Item>
        <Form.Item
          name={['company', 'location']}
          label={t('field.company.location.label')}
          rules={rules.location}
        >
          <Input name="company_location" autoComplete="address-level2" />
        </Form.Item>
      </div>
      <Form.Item name={['company', 'country_id']} label={t('field.company.country_id.label')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={countries.options.length ? countries.options : [{ value: 'DE', label: 'DE' }]}
          loading={countries.isLoading}
          placeholder={t('auth.register.countryPlaceholder')}
        />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={complete.isPending}
        data-testid="company-submit"
      >
        {t('auth.register.complete')}
      </Button>
    </Form>
  );
};
