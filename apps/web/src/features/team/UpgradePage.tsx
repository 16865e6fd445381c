import { can, priceCents, renewalOpen, type Billing } from '@pfahlplaner/contracts';
import { Alert, Spin, Steps, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../auth/session';
import { useCountryOptions } from '../auth/useCountries';
import { usePreferences } from '../preferences/usePreferences';
import { AuthenticationStep } from './AuthenticationStep';
import { CardStep, type StripeLoader } from './CardStep';
import { CompanyStep } from './CompanyStep';
import { ConfirmStep } from './ConfirmStep';
import { SubscriptionStep } from './SubscriptionStep';
import './team.css';
import { UpgradeDone } from './UpgradeDone';
import { useCompanyEmail, type CompanyValues } from './useCompanyEmail';
import { useSubscription } from './useSubscription';
import { useUpgradePayment } from './useUpgradePayment';

/**
 * /upgrade: the four-step upgrade wizard (subscription, company + e-mail code, card, confirmation).
 * `loadStripe` is injectable for tests (Stripe.js cannot be loaded without network).
 */
export const UpgradePage = ({ loadStripe }: { loadStripe?: StripeLoader } = {}) => {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const countries = useCountryOptions(language);
  const { data: user } = useCurrentUser();
  const { data: sub } = useSubscription();
  const [step, setStep] = useState(0);
  const [billing, setBilling] = useState<Billing>('monthly');
  const [users, setUsers] = useState<number | null>(null);
  const email = useCompanyEmail(user?.email);
  const [company, setCompany] = useState<CompanyValues | null>(null);
  const payment = useUpgradePayment({
    companyId: user?.company.id,
    company,
    billing,
    users,
    setStep,
  });
  const { cardResult, pending } = payment;

  if (!user || !sub) return <Spin className="pp-fullpage-center" />;
  const total = users != null && users > 0 ? priceCents(billing, users) : null;

  if (payment.result) return <UpgradeDone result={payment.result} />;

  const blocked = !can(user.role, 'subscription.upgrade')
    ? t('team.upgrade.onlyOwner')
    : sub.status === 'blocked'
      ? t('error.LICENCE_BLOCKED')
      : sub.writable && !renewalOpen(sub.plan, sub.period_end, new Date())
        ? t('team.upgrade.alreadyPaid')
        : null;

  const companyNext = async () => {
    const confirmed = await email.confirm();
    if (!confirmed) return;
    setCompany(confirmed);
    setStep(2);
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
                <SubscriptionStep
                  sub={sub}
                  billing={billing}
                  onBilling={setBilling}
                  users={users}
                  onUsers={setUsers}
                  total={total}
                  onNext={() => setStep(1)}
                />
              )}
              {step === 1 && (
                <CompanyStep
                  email={email}
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
                  countryOptions={countries.options}
                  onBack={() => setStep(0)}
                  onNext={() => void companyNext()}
                />
              )}
              {step === 2 && company && (
                <CardStep
                  provider={sub.payment_provider}
                  publishableKey={sub.stripe_publishable_key}
                  billingEmail={company.email}
                  language={language}
                  initial={cardResult?.testValues ?? null}
                  serverErrors={payment.cardErrors}
                  onBack={() => setStep(1)}
                  onNext={payment.cardNext}
                  loadStripe={loadStripe}
                />
              )}
              {step === 3 && pending && (
                <AuthenticationStep
                  companyId={user.company.id}
                  pending={pending}
                  publishableKey={sub.stripe_publishable_key}
                  loadStripe={loadStripe}
                  onDone={payment.completed}
                  onFailed={payment.failed}
                  onOtherCard={payment.otherCard}
                />
              )}
              {step === 3 &&
                !pending &&
                company &&
                cardResult &&
                users != null &&
                total != null && (
                  <ConfirmStep
                    users={users}
                    billing={billing}
                    total={total}
                    company={company}
                    cardResult={cardResult}
                    paying={payment.pay.isPending}
                    onBack={() => setStep(2)}
                    onPay={() => payment.pay.mutate()}
                  />
                )}
            </div>
          </>
        )}
      </section>
    </div>
  );
};
