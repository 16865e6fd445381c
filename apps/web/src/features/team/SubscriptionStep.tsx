import { MAX_SEATS, type Billing, type Subscription } from '@pfahlplaner/contracts';
import { Alert, Button, Form, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../preferences/usePreferences';
import { formatEuro } from './format';

type Props = {
  sub: Subscription;
  billing: Billing;
  onBilling: (billing: Billing) => void;
  users: number | null;
  onUsers: (users: number | null) => void;
  /** The price of the chosen subscription in cents, once a number of users is given. */
  total: number | null;
  onNext: () => void;
};

/** Upgrade step 1: monthly or yearly, the number of users and the price. */
export const SubscriptionStep = ({
  sub,
  billing,
  onBilling,
  users,
  onUsers,
  total,
  onNext,
}: Props) => {
  const { t } = useTranslation();
  const { language } = usePreferences();
  return (
    <Form layout="vertical" requiredMark={false} className="pp-account-form">
      <Form.Item>
        <Radio.Group
          value={billing}
          onChange={(e) => onBilling(e.target.value as Billing)}
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
          onChange={(v) => onUsers(v)}
        />
      </Form.Item>
      <p className="pp-upgrade__total" data-testid="upgrade-total">
        {t('team.upgrade.total')}:{' '}
        <strong>
          {total == null
            ? '–'
            : t(billing === 'monthly' ? 'team.upgrade.totalMonthly' : 'team.upgrade.totalYearly', {
                amount: formatEuro(total, language),
              })}
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
        onClick={onNext}
        data-testid="upgrade-next-0"
      >
        {t('team.upgrade.next')}
      </Button>
    </Form>
  );
};
