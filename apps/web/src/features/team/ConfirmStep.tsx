import type { Billing } from '@pfahlplaner/contracts';
import { Button, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../preferences/usePreferences';
import type { CardStepResult } from './CardStep';
import { formatEuro } from './format';
import type { CompanyValues } from './useCompanyEmail';

type Props = {
  users: number;
  billing: Billing;
  /** The price in cents. */
  total: number;
  company: CompanyValues;
  cardResult: CardStepResult;
  paying: boolean;
  onBack: () => void;
  onPay: () => void;
};

/** Upgrade step 4: the order in one table (subscription, price, company, card) and the payment. */
export const ConfirmStep = ({
  users,
  billing,
  total,
  company,
  cardResult,
  paying,
  onBack,
  onPay,
}: Props) => {
  const { t } = useTranslation();
  const { language } = usePreferences();
  return (
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
            {t(billing === 'monthly' ? 'team.upgrade.totalMonthly' : 'team.upgrade.totalYearly', {
              amount: formatEuro(total, language),
            })}
          </strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('team.upgrade.stepCompany')}>
          {company.name}, {company.street}, {company.postal_code} {company.location} ·{' '}
          {company.email}
        </Descriptions.Item>
        <Descriptions.Item label={t('team.upgrade.stepCard')}>
          <span data-testid="confirm-card">
            {cardResult.summary.brand ? `${cardResult.summary.brand} ` : ''}••••{' '}
            {cardResult.summary.last4} · {cardResult.summary.expiry} · {cardResult.summary.holder}
          </span>
        </Descriptions.Item>
      </Descriptions>
      <p className="pp-muted">{t('team.upgrade.taxNote')}</p>
      <p className="pp-muted" data-testid="upgrade-auto-renew-note">
        {t('team.upgrade.autoRenewNote')}
      </p>
      <Space>
        <Button onClick={onBack}>{t('team.upgrade.back')}</Button>
        <Button type="primary" loading={paying} onClick={onPay} data-testid="upgrade-pay">
          {t('team.upgrade.pay')}
        </Button>
      </Space>
    </div>
  );
};
