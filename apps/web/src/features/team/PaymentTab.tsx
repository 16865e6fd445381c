import {
  can,
  renewalOpen,
  TRIAL_MAX_USERS,
  TRIAL_MIN_USERS,
  type Invoice,
  type User,
} from '@pfahlplaner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, InputNumber, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotify } from '../../lib/notify/useNotify';
import { usePreferences } from '../preferences/usePreferences';
import { teamApi } from './api';
import './team.css';
import { formatDate, formatEuro } from './format';
import { subscriptionKey, useSubscription } from './useSubscription';

/** Account → Payment: the subscription and (for Owner and Admin) the invoices. */
export const PaymentTab = ({ user }: { user: User }) => {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { language } = usePreferences();
  const { data: sub } = useSubscription();
  const companyId = user.company.id;
  const mayInvoices = can(user.role, 'invoices.view');
  const invoices = useQuery({
    queryKey: ['invoices', companyId],
    queryFn: async () => (await teamApi.invoices(companyId)).data.results,
    enabled: mayInvoices,
  });
  const [trialUsers, setTrialUsers] = useState<number | null>(5);
  const trial = useMutation({
    mutationFn: (users: number) => teamApi.startTrial(companyId, users),
    onSuccess: ({ status }) => {
      notify.success(status, t('team.payment.trialStarted'));
      void queryClient.invalidateQueries({ queryKey: subscriptionKey(companyId) });
    },
    onError: (error) => notify.failure(error, t('team.payment.trialFailed')),
  });
  const autoRenew = useMutation({
    mutationFn: (value: boolean) => teamApi.setAutoRenew(companyId, value),
    onSuccess: ({ status, data }) => {
      notify.success(status, t('team.payment.autoRenewUpdated'));
      queryClient.setQueryData(subscriptionKey(companyId), data);
    },
    onError: (error) => notify.failure(error, t('team.payment.autoRenewFailed')),
  });
  if (!sub) return null;
  const isOwner = can(user.role, 'subscription.upgrade');
  const mayAutoRenew = can(user.role, 'subscription.autoRenew');
  // Upgrade (Free, Trial, expired) or renew (a paid period in its last RENEWAL_WINDOW_DAYS); a block is
  // lifted by support only.
  const mayUpgrade =
    isOwner &&
    sub.status !== 'blocked' &&
    (!sub.writable || renewalOpen(sub.plan, sub.period_end, new Date()));
  const columns = [
    { key: 'number', title: t('team.payment.number'), dataIndex: 'number' },
    {
      key: 'date',
      title: t('team.payment.date'),
      render: (_: unknown, i: Invoice) => formatDate(i.created_date, language),
    },
    {
      key: 'period',
      title: t('team.payment.period'),
      render: (_: unknown, i: Invoice) =>
        `${formatDate(i.period_start, language)} – ${formatDate(i.period_end, language)}`,
    },
    { key: 'seats', title: t('team.payment.seats'), dataIndex: 'seats', align: 'right' as const },
    {
      key: 'amount',
      title: t('team.payment.amount'),
      align: 'right' as const,
      render: (_: unknown, i: Invoice) => formatEuro(i.amount_cents, language),
    },
    {
      key: 'card',
      title: t('team.payment.card'),
      render: (_: unknown, i: Invoice) => (
        <Space>
          {i.card_last4 ? `•••• ${i.card_last4}` : '–'}
          {i.automatic && <Tag>{t('team.payment.automatic')}</Tag>}
          {i.test_mode && <Tag color="orange">{t('team.payment.testMode')}</Tag>}
        </Space>
      ),
    },
  ];
  return (
    <div className="pp-tm" data-testid="payment-tab">
      {sub.test_mode && (
        <Alert
          type="warning"
          showIcon
          className="pp-form-alert"
          title={t('team.payment.testMode')}
        />
      )}
      <h3>{t('team.payment.title')}</h3>
      <Descriptions bordered size="small" column={1} className="pp-tm__descriptions">
        <Descriptions.Item label={t('team.payment.plan')}>
          <span data-testid="subscription-plan">{t(`plan.${sub.plan}`)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('team.payment.status')}>
          <span data-testid="subscription-status">{t(`team.licence.${sub.status}`)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('team.payment.seats')}>
          {t('team.users.seats', { active: sub.active_users, seats: sub.seats })}
        </Descriptions.Item>
        {sub.billing && (
          <Descriptions.Item label={t('team.payment.billing')}>
            {t(`team.payment.${sub.billing}`)}
          </Descriptions.Item>
        )}
        {sub.period_end && (
          <Descriptions.Item label={t('team.payment.period')}>
            {formatDate(sub.period_start, language)} – {formatDate(sub.period_end, language)}
          </Descriptions.Item>
        )}
        {sub.price_cents_per_period != null && (
          <Descriptions.Item label={t('team.payment.price')}>
            {formatEuro(sub.price_cents_per_period, language)}
          </Descriptions.Item>
        )}
        {sub.plan === 'Paid' && (
          <Descriptions.Item label={t('team.payment.autoRenew')}>
            <Space orientation="vertical" size={4}>
              {mayAutoRenew && sub.status !== 'blocked' ? (
                <Switch
                  checked={sub.auto_renew}
                  loading={autoRenew.isPending}
                  disabled={!sub.auto_renew && !sub.saved_card_last4}
                  onChange={(value) => autoRenew.mutate(value)}
                  checkedChildren={t('team.payment.autoRenewOn')}
                  unCheckedChildren={t('team.payment.autoRenewOff')}
                  data-testid="auto-renew-switch"
                />
              ) : (
                <span data-testid="auto-renew-state">
                  {sub.auto_renew ? t('team.payment.autoRenewOn') : t('team.payment.autoRenewOff')}
                </span>
              )}
              <span className="pp-muted">
                {sub.saved_card_last4
                  ? t('team.payment.autoRenewHelp')
                  : t('team.payment.autoRenewNoCard')}
              </span>
            </Space>
          </Descriptions.Item>
        )}
        {sub.plan === 'Paid' && sub.saved_card_last4 && (
          <Descriptions.Item label={t('team.payment.savedCard')}>
            <span data-testid="saved-card">•••• {sub.saved_card_last4}</span>
          </Descriptions.Item>
        )}
        {sub.next_renewal_at && (
          <Descriptions.Item label={t('team.payment.nextRenewal')}>
            <span data-testid="next-renewal">{formatDate(sub.next_renewal_at, language)}</span>
          </Descriptions.Item>
        )}
      </Descriptions>
      {sub.status === 'past_due' && (
        <Alert
          type="error"
          showIcon
          className="pp-form-alert"
          data-testid="past-due-alert"
          title={t(
            sub.banner_reason === 'authentication_required'
              ? 'team.banner.past_due_authentication_required'
              : 'team.banner.past_due_card_declined',
          )}
        />
      )}
      {sub.plan === 'Free' && <p className="pp-muted">{t('team.payment.freeLimits')}</p>}
      {mayUpgrade && (
        <Space wrap className="pp-tm__actions">
          <Link to="/upgrade">
            <Button type="primary" data-testid="open-upgrade">
              {sub.plan === 'Paid' ? t('team.payment.renew') : t('team.payment.upgrade')}
            </Button>
          </Link>
          {sub.plan === 'Free' && (
            <>
              <InputNumber
                min={TRIAL_MIN_USERS}
                max={TRIAL_MAX_USERS}
                precision={0}
                value={trialUsers}
                onChange={(v) => setTrialUsers(v)}
                aria-label={t('team.payment.trialUsers')}
                addonBefore={t('team.payment.trialUsers')}
              />
              <Button
                loading={trial.isPending}
                disabled={trialUsers == null}
                onClick={() => trialUsers != null && trial.mutate(trialUsers)}
                data-testid="start-trial"
              >
                {t('team.payment.startTrial')}
              </Button>
            </>
          )}
        </Space>
      )}
      <h3>{t('team.payment.invoices')}</h3>
      {mayInvoices ? (
        <Table<Invoice>
          rowKey="id"
          size="small"
          scroll={{ x: true }}
          loading={invoices.isFetching}
          dataSource={invoices.data ?? []}
          columns={columns}
          pagination={false}
          locale={{ emptyText: t('team.payment.noInvoices') }}
        />
      ) : (
        <p className="pp-muted">{t('team.payment.invoicesHidden')}</p>
      )}
    </div>
  );
};
