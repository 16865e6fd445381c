import { can } from '@pfahlplaner/contracts';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../auth/session';
import { useSubscription } from './useSubscription';

/**
 * Licence banner of the signed-in shell: blocked, expired or trial ending — without dates, as the product
 * does. The Owner gets the upgrade link (only the Owner may upgrade).
 */
export const LicenceBanner = () => {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const { data: subscription } = useSubscription();
  const banner = subscription?.banner ?? 'none';
  if (!user || banner === 'none') return null;
  const canUpgrade = can(user.role, 'subscription.upgrade') && banner !== 'blocked';
  return (
    <Alert
      banner
      type={banner === 'trial_ending' ? 'warning' : 'error'}
      data-testid={`licence-banner-${banner}`}
      title={t(`team.banner.${banner}`)}
      action={
        canUpgrade ? (
          <Link to="/upgrade">
            <Button size="small" type="primary">
              {t('team.banner.upgrade')}
            </Button>
          </Link>
        ) : undefined
      }
    />
  );
};
