import { COMPANY_ADMIN_ROLES, CompanyUpdateSchema, type User } from '@pfahlplaner/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseWithSchema, zodRule } from '../../../lib/forms/zod-rules';
import { useNotify } from '../../../lib/notify/useNotify';
import { useUpdateStoredUser } from '../../auth/session';
import { useCountryOptions } from '../../auth/useCountries';
import { usePreferences } from '../../preferences/usePreferences';
import { accountApi } from '../api';
import { CompanyLogo } from './CompanyLogo';

const FIELDS = [
  'name',
  'street',
  'address',
  'postal_code',
  'location',
  'email',
  'phone',
  'fax',
] as const;
type CompanyValues = Record<(typeof FIELDS)[number] | 'country_id', string>;

const shape = CompanyUpdateSchema.shape;
const rules = Object.fromEntries(FIELDS.map((f) => [f, [zodRule(shape[f])]])) as Record<
  (typeof FIELDS)[number],
  ReturnType<typeof zodRule>[]
>;

const inputProps: Partial<
  Record<(typeof FIELDS)[number], { type?: string; autoComplete?: string; inputMode?: 'numeric' }>
> = {
  name: { autoComplete: 'organization' },
  street: { autoComplete: 'address-line1' },
  address: { autoComplete: 'address-line2' },
  postal_code: { autoComplete: 'postal-code', inputMode: 'numeric' },
  location: { autoComplete: 'address-level2' },
  email: { type: 'email', autoComplete: 'off' },
  phone: { type: 'tel', autoComplete: 'off' },
  fax: { type: 'tel', autoComplete: 'off' },
};

/** Company data and logo; editable by owners and admins (the server checks the same rule). */
export const CompanyForm = ({ user }: { user: User }) => {
  const { t } = useTranslation();
  const notify = useNotify();
  const { language } = usePreferences();
  const countries = useCountryOptions(language);
  const updateStoredUser = useUpdateStoredUser();
  const [form] = Form.useForm<CompanyValues>();
  const canEdit = COMPANY_ADMIN_ROLES.includes(user.role);
  const { company } = user;

  const save = useMutation({
    mutationFn: (body: Partial<CompanyValues>) => accountApi.updateCompany(company.id, body),
    onSuccess: ({ status, data }) => {
      updateStoredUser({ ...user, company: { ...company, ...data } });
      notify.success(status, t('account.companySaved'));
    },
    onError: (error) =>
      notify.failure(error, t('account.companyFailed'), { form, labelPrefix: 'company.' }),
  });

  const submit = (values: CompanyValues) => {
    const body = parseWithSchema(form, CompanyUpdateSchema, values);
    if (body) save.mutate(body);
  };

  return (
    <div className="pp-company">
      <div className="pp-company__form">
        {!canEdit && (
          <Alert
            className="pp-form-alert"
            type="info"
            showIcon
            title={t('account.companyReadOnly')}
          />
        )}
        <Form<CompanyValues>
          form={form}
          name="company"
          layout="vertical"
          requiredMark={false}
          className="pp-account-form"
          disabled={!canEdit || save.isPending}
          initialValues={{
            ...Object.fromEntries(FIELDS.map((f) => [f, company[f] ?? ''])),
            country_id: company.country_id ?? 'DE',
          }}
          onFinish={submit}
          aria-label={t('account.companyTitle')}
        >
          {FIELDS.map((field) => (
            <Form.Item
              key={field}
              name={field}
              label={t(`field.company.${field}.label`)}
              rules={rules[field]}
              validateTrigger="onBlur"
            >
              <Input name={`company_${field}`} {...inputProps[field]} />
            </Form.Item>
          ))}
          <Form.Item name="country_id" label={t('field.company.country_id.label')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={countries.options}
              loading={countries.isLoading}
            />
          </Form.Item>
          {canEdit && (
            <Button
              type="primary"
              htmlType="submit"
              loading={save.isPending}
              data-testid="company-save"
            >
              {t('common.save')}
            </Button>
          )}
        </Form>
      </div>
      <CompanyLogo user={user} canEdit={canEdit} />
    </div>
  );
};
