import type { UpgradeResult } from '@pfahlplaner/contracts';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePreferences } from '../preferences/usePreferences';
import { formatEuro } from './format';

/** The upgrade is paid: the invoice and the ways on (projects, payment tab). */
export const UpgradeDone = ({ result }: { result: UpgradeResult }) => {
  const { t } = useTranslation();
  const { language } = usePreferences();
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
};
