import {
  can,
  CompanyAddressSchema,
  EmailSchema,
  MAX_SEATS,
  OtpSchema,
  priceCents,
  renewalOpen,
  type Billing,
  type PendingPayment,
  type UpgradeResult,
} from '@pfahlplaner/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Radio,
  Result,
  Select,
  Space,
  Spin,
  Steps,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../i18n';
import { zodRule } from '../../lib/forms/zod-rules';
import { ApiError } from '../../lib/http/api-error';
import { useNotify } from '../../lib/notify/useNotify';
import { ME_QUERY_KEY, useCurrentUser } from '../auth/session';
import { useCountryOptions } from '../auth/useCountries';
import { usePreferences } from '../preferences/usePreferences';
import { teamApi } from './api';
import { AuthenticationStep } from './AuthenticationStep';
import { CardStep, type CardFieldError, type CardStepResult, type StripeLoader } from './CardStep';
import './team.css';
import { formatEuro } from './format';
import { subscriptionKey, useSubscription } from './useSubscription';

type CompanyValues = {
  name: string;
  street: string;
  postal_code: string;
  location: string;
  country_id?: string;
  email: string;
  otp?: string;
};

const address = CompanyAddressSchema.shape;

/**
 * /upgrade: the four-step upgrade wizard (subscription, company + e-mail code, card, confirmation).
 * `loadStripe` is injectable for tests (Stripe.js cannot be loaded without network).
 */
export const UpgradePage = ({ loadStripe }: { loadStripe?: StripeLoader } = {}) => {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { language } = usePreferences();
  const countries = useCountryOptions(language);
  const { data: user } = useCurrentUser();
  const { data: sub } = useSubscription();
  const [step, setStep] = useState(0);
  const [billing, setBilling] = useState<Billing>('monthly');
  const [users, setUsers] = useState<number | null>(null);
  const [codeVerifiedEmail, setVerifiedEmail] = useState<string | null>(null);
  // the user's own login address was verified with a code at sign-up: it needs no second code
  const verifiedEmail = codeVerifiedEmail ?? user?.email.trim().toLowerCase() ?? null;
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [result, setResult] = useState<UpgradeResult | null>(null);
  const [companyForm] = Form.useForm<CompanyValues>();
  const formEmail = Form.useWatch('email', companyForm) as string | undefined;
  const [company, setCompany] = useState<CompanyValues | null>(null);
  const [cardResult, setCardResult] = useState<CardStepResult | null>(null);
  const [cardErrors, setCardErrors] = useState<CardFieldError[]>([]);
  /** A payment waiting for 3-D Secure (the server answered 202): the authentication step is shown. */
  const [pending, setPending] = useState<PendingPayment | null>(null);

  const sendCode = useMutation({
    mutationFn: (email: string) => teamApi.requestCompanyEmail(email, language),
    onSuccess: ({ status, data }) => {
      notify.success(status, t('team.upgrade.codeSent'));
      setCodeSentTo(data.email);
      setVerifiedEmail(null);
    },
    onError: (error) =>
      notify.failure(error, t('team.upgrade.verifyFailed'), { form: companyForm }),
  });
  const verify = useMutation({
    mutationFn: ({ email, otp }: { email: string; otp: string }) =>
      teamApi.verifyCompanyEmail(email, otp),
    onSuccess: ({ data }) => {
      notify.success(200, t('team.upgrade.verified'));
      setVerifiedEmail(data.company_verify_email);
    },
    onError: (error) =>
      notify.failure(error, t('team.upgrade.verifyFailed'), { form: companyForm }),
  });
  const pay = useMutation({
    mutationFn: () => {
      if (!company || !cardResult || users == null) throw new Error('incomplete');
      const { otp: _otp, ...companyData } = company;
      return teamApi.upgrade({
        company: { ...companyData, country_id: companyData.country_id },
        company_verify_email: company.email,
        billing,
        users,
        payment: cardResult.payment,
      });
    },
    onSuccess: ({ data }) => {
      if ('pending_payment' in data) setPending(data.pending_payment);
      else completed(data);
    },
    onError: (error) => failed(error),
  });

  /** The paid period is written: the result page. */
  function completed(data: UpgradeResult) {
    setPending(null);
    notify.success(201, t('team.upgrade.done'));
    setResult(data);
    void queryClient.invalidateQueries({ queryKey: subscriptionKey(user?.company.id) });
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  }
  /** The payment did not go through (declined, refused by the bank, expired): back to the card step. */
  function failed(error: unknown) {
    setPending(null);
    notify.failure(error, t('team.upgrade.failed'));
    setStep(2);
    // Card problems (payment.card_number, payment.expiry, …) are shown at the card step. A Stripe
    // PaymentMethod is used up by a failed confirmation: the card is entered again.
    if (cardResult?.payment.provider === 'stripe') setCardResult(null);
    if (error instanceof ApiError) {
      setCardErrors(
        error.details
          .filter((d) => d.path.startsWith('payment.'))
          .map((d) => ({ name: d.path.slice('payment.'.length), errors: [errorText(d.code)] })),
      );
    }
  }
  /** Leaves the authentication step; the next payment attempt gives the waiting one up on the server. */
  function otherCard() {
    setPending(null);
    setCardErrors([]);
    if (cardResult?.payment.provider === 'stripe') setCardResult(null);
    setStep(2);
  }

  if (!user || !sub) return <Spin className="pp-fullpage-center" />;
  const total = users != null && users > 0 ? priceCents(billing, users) : null;

  if (result) {
    return (
      <div className="pp-page">
        <Result
          status="success"
          title={t('team.upgrade.done')}
          subTitle={t('team.upgrade.invoice', {
            number: result.invoice.number,
            amount: formatEuro(result.invoice.amount_cents, language),
          })}
          extra={[
            <Link key="p" to="/projects">
              <Button type="primary" data-testid="upgrade-to-projects">
                {t('team.upgrade.toProjects')}
              </Button>
            </Link>,
            <Link key="a" to="/account?tab=payment">
              <Button>{t('team.upgrade.toPayment')}</Button>
            </Link>,
          ]}
        />
      </div>
    );
  }

  const blocked = !can(user.role, 'subscription.upgrade')
    ? t('team.upgrade.onlyOwner')
    : sub.status === 'blocked'
      ? t('error.LICENCE_BLOCKED')
      : sub.writable && !renewalOpen(sub.plan, sub.period_end, new Date())
        ? t('team.upgrade.alreadyPaid')
        : null;

  const companyNext = async () => {
    const values = await companyForm.validateFields();
    if (verifiedEmail !== values.email.trim().toLowerCase()) {
      companyForm.setFields([{ name: 'email', errors: [t('error.COMPANY_EMAIL_NOT_VERIFIED')] }]);
      return;
    }
    setCompany({ ...values, email: verifiedEmail });
    setStep(2);
  };
  const cardNext = (next: CardStepResult) => {
    setCardErrors([]);
    setCardResult(next);
    setStep(3);
  };

  return (
    <div className="pp-page">
      <Link to="/account?tab=payment" className="pp-back-link">
        ← {t('team.tabPayment')}
      </Link>
      <div className="pp-page__header">
        <h1 className="pp-page__title">
          {t('team.upgrade.title')}
          {sub.test_mode && <Tag color="orange">{t('team.payment.testMode')}</Tag>}
        </h1>
      </div>
      <section className="pp-panel pp-upgrade">
        {blocked ? (
          <Alert type="info" showIcon title={blocked} />
        ) : (
          <>
            <Steps
              current={step}
              className="pp-upgrade__steps"
              items={[
                { title: t('team.upgrade.stepSubscription') },
                { title: t('team.upgrade.stepCompany') },
                { title: t('team.upgrade.stepCard') },
                { title: t('team.upgrade.stepConfirm') },
              ]}
            />
            <div className="pp-upgrade__body" data-testid={`upgrade-step-${step}`}>
              {step === 0 && (
                <Form layout="vertical" requiredMark={false} className="pp-account-form">
                  <Form.Item>
                    <Radio.Group
                      value={billing}
                      onChange={(e) => setBilling(e.target.value as Billing)}
                      className="pp-upgrade__billing"
                    >
                      <Radio value="monthly" data-testid="billing-monthly">
                        {t('team.upgrade.monthly')}
                      </Radio>
                      <Radio value="yearly" data-testid="billing-yearly">
                        {t('team.upgrade.yearly')}
                      </Radio>
                    </Radio.Group>
                  </Form.Item>
                  <Form.Item
                    label={t('team.upgrade.users')}
                    validateStatus={users != null && users < 1 ? 'error' : undefined}
                  >
                    <InputNumber
                      id="upgrade_users"
                      min={1}
                      max={MAX_SEATS}
                      precision={0}
                      value={users}
                      onChange={(v) => setUsers(v)}
                    />
                  </Form.Item>
                  <p className="pp-upgrade__total" data-testid="upgrade-total">
                    {t('team.upgrade.total')}:{' '}
                    <strong>
                      {total == null
                        ? '–'
                        : t(
                            billing === 'monthly'
                              ? 'team.upgrade.totalMonthly'
                              : 'team.upgrade.totalYearly',
                            {
                              amount: formatEuro(total, language),
                            },
                          )}
                    </strong>
                  </p>
                  <p className="pp-muted">{t('team.upgrade.taxNote')}</p>
                  {sub.plan === 'Paid' && sub.writable && (
                    <Alert
                      type="info"
                      showIcon
                      className="pp-form-alert"
                      title={t('team.upgrade.renewalNote')}
                      data-testid="upgrade-renewal-note"
                    />
                  )}
                  <Button
                    type="primary"
                    disabled={users == null || users < Math.max(1, sub.active_users)}
                    onClick={() => setStep(1)}
                    data-testid="upgrade-next-0"
                  >
                    {t('team.upgrade.next')}
                  </Button>
                </Form>
              )}
              {step === 1 && (
                <Form<CompanyValues>
                  form={companyForm}
                  name="upgrade_company"
                  layout="vertical"
                  requiredMark={false}
                  className="pp-account-form"
                  initialValues={
                    company ?? {
                      name: user.company.name,
                      street: user.company.street,
                      postal_code: user.company.postal_code,
                      location: user.company.location,
                      country_id: user.company.country_id ?? undefined,
                      email: user.company.email,
                    }
                  }
                >
                  <Form.Item
                    name="name"
                    label={t('field.company.name.label')}
                    rules={[zodRule(address.name)]}
                  >
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
                    <Select
                      options={countries.options}
                      showSearch
                      optionFilterProp="label"
                      allowClear
                    />
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
                              .then(({ otp }) =>
                                verify.mutate({ email: codeSentTo, otp: (otp ?? '').trim() }),
                              )
                          }
                          data-testid="verify-company-code"
                        >
                          {t('team.upgrade.verify')}
                        </Button>
                      </Space.Compact>
                    </Form.Item>
                  )}
                  {verifiedEmail &&
                    formEmail?.trim().toLowerCase() === verifiedEmail.toLowerCase() && (
                      <Alert
                        type="success"
                        showIcon
                        className="pp-form-alert"
                        title={`${t('team.upgrade.verified')}: ${verifiedEmail}`}
                        data-testid="company-email-verified"
                      />
                    )}
                  <Space>
                    <Button onClick={() => setStep(0)}>{t('team.upgrade.back')}</Button>
                    <Button
                      type="primary"
                      onClick={() => void companyNext()}
                      data-testid="upgrade-next-1"
                    >
                      {t('team.upgrade.next')}
                    </Button>
                  </Space>
                </Form>
              )}
              {step === 2 && company && (
                <CardStep
                  provider={sub.payment_provider}
                  publishableKey={sub.stripe_publishable_key}
                  billingEmail={company.email}
                  language={language}
                  initial={cardResult?.testValues ?? null}
                  serverErrors={cardErrors}
                  onBack={() => setStep(1)}
                  onNext={cardNext}
                  loadStripe={loadStripe}
                />
              )}
              {step === 3 && pending && (
                <AuthenticationStep
                  companyId={user.company.id}
                  pending={pending}
                  publishableKey={sub.stripe_publishable_key}
                  loadStripe={loadStripe}
                  onDone={completed}
                  onFailed={failed}
                  onOtherCard={otherCard}
                />
              )}
              {step === 3 &&
                !pending &&
                company &&
                cardResult &&
                users != null &&
                total != null && (
                  <div className="pp-account-form">
                    <Descriptions bordered size="small" column={1}>
                      <Descriptions.Item label={t('team.upgrade.stepSubscription')}>
                        {t('team.upgrade.summary', {
                          users,
                          billing: t(`team.payment.${billing}`),
                        })}
                      </Descriptions.Item>
                      <Descriptions.Item label={t('team.upgrade.total')}>
                        <strong data-testid="confirm-total">
                          {t(
                            billing === 'monthly'
                              ? 'team.upgrade.totalMonthly'
                              : 'team.upgrade.totalYearly',
                            {
                              amount: formatEuro(total, language),
                            },
                          )}
                        </strong>
                      </Descriptions.Item>
                      <Descriptions.Item label={t('team.upgrade.stepCompany')}>
                        {company.name}, {company.street}, {company.postal_code} {company.location} ·{' '}
                        {company.email}
                      </Descriptions.Item>
                      <Descriptions.Item label={t('team.upgrade.stepCard')}>
                        <span data-testid="confirm-card">
                          {cardResult.summary.brand ? `${cardResult.summary.brand} ` : ''}••••{' '}
                          {cardResult.summary.last4} · {cardResult.summary.expiry} ·{' '}
                          {cardResult.summary.holder}
                        </span>
                      </Descriptions.Item>
                    </Descriptions>
                    <p className="pp-muted">{t('team.upgrade.taxNote')}</p>
                    <p className="pp-muted" data-testid="upgrade-auto-renew-note">
                      {t('team.upgrade.autoRenewNote')}
                    </p>
                    <Space>
                      <Button onClick={() => setStep(2)}>{t('team.upgrade.back')}</Button>
                      <Button
                        type="primary"
                        loading={pay.isPending}
                        onClick={() => pay.mutate()}
                        data-testid="upgrade-pay"
                      >
                        {t('team.upgrade.pay')}
                      </Button>
                    </Space>
                  </div>
                )}
            </div>
          </>
        )}
      </section>
    </div>
  );
};
