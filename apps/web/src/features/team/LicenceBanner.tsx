import { can } from '@pfahlplaner/contracts';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../auth/session';
import { useSubscription } from './useSubscription';

/**
 * Licence banner of the signed-in shell: blocked, expired, trial ending, paid period ending (no automatic
 * renewal) or past due (the automatic renewal failed, with its reason) — without dates, as the product does.
 * The Owner gets the action (only the Owner may pay); past due and ending periods still allow work.
 */
export const LicenceBanner = () => {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const { data: subscription } = useSubscription();
  const banner = subscription?.banner ?? 'none';
  if (!user || !subscription || banner === 'none') return null;
  const isOwner = can(user.role, 'subscription.upgrade');
  const title =
    banner === 'past_due'
      ? t(
          subscription.banner_reason === 'authentication_required'
            ? 'team.banner.past_due_authentication_required'
            : 'team.banner.past_due_card_declined',
        )
      : t(`team.banner.${banner}`);
  const action =
    banner === 'past_due'
      ? t('team.banner.payNow')
      : banner === 'period_ending'
        ? t('team.banner.renew')
        : t('team.banner.upgrade');
  return (
    <Alert
      banner
      type={banner === 'trial_ending' || banner === 'period_ending' ? 'warning' : 'error'}
      data-testid={`licence-banner-${banner}`}
      title={title}
      action={
        isOwner && banner !== 'blocked' ? (
          <Link to={banner === 'period_ending' ? '/account?tab=payment' : '/upgrade'}>
            <Button size="small" type="primary" data-testid="licence-banner-action">
              {action}
            </Button>
          </Link>
        ) : undefined
      }
    />
  );
};
