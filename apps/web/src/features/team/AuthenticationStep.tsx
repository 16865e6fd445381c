import type { PendingPayment, UpgradeResult } from '@pfahlplaner/contracts';
import { Alert, Button, Space, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n';
import { ApiError } from '../../lib/http/api-error';
import { teamApi } from './api';
import { loadStripeJs, type StripeLoader } from './CardStep';

type Props = {
  companyId: number;
  pending: PendingPayment;
  publishableKey: string | null;
  /** Injectable like the card step's: tests cannot load Stripe.js. */
  loadStripe?: StripeLoader;
  onDone: (result: UpgradeResult) => void;
  /** The payment did not go through (refused, expired, …): back to the card step with the error. */
  onFailed: (error: unknown) => void;
  onOtherCard: () => void;
};

type Phase = { kind: 'working' } | { kind: 'waiting' } | { kind: 'error'; message: string };

/**
 * The 3-D Secure step of the upgrade wizard (ADR 0083), shown when the server answered 202 with a pending
 * payment. Stripe: `stripe.handleNextAction` opens the bank's check; the test provider: a labelled test-mode
 * page with "approve" and "fail". Either way the browser then only asks the server to finalise; the server
 * reads the payment from the provider and decides. Nothing is paid for before that.
 */
export const AuthenticationStep = ({ pending, ...props }: Props) =>
  pending.provider === 'stripe' ? (
    <StripeAuthentication pending={pending} {...props} />
  ) : (
    <TestAuthentication pending={pending} {...props} />
  );

/** Finalise, and tell "still waiting" (the card holder has not finished) apart from a failed payment. */
const useFinalise = ({ companyId, pending, onDone, onFailed }: Props) => {
  const [phase, setPhase] = useState<Phase>({ kind: 'working' });
  const finalise = useCallback(async () => {
    setPhase({ kind: 'working' });
    try {
      const { data } = await teamApi.finalisePayment(companyId, pending.id);
      onDone(data);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PAYMENT_AUTHENTICATION_PENDING') {
        setPhase({ kind: 'waiting' });
      } else if (error instanceof ApiError && error.status >= 500) {
        setPhase({ kind: 'error', message: errorText(error.code ?? 'INTERNAL') });
      } else {
        onFailed(error);
      }
    }
  }, [companyId, pending.id, onDone, onFailed]);
  return { phase, setPhase, finalise };
};

const WaitingActions = ({
  phase,
  finalise,
  onOtherCard,
}: {
  phase: Phase;
  finalise: () => Promise<void>;
  onOtherCard: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <>
      {phase.kind === 'waiting' && (
        <Alert
          type="info"
          showIcon
          className="pp-form-alert"
          title={t('team.upgrade.authPending')}
          data-testid="auth-pending"
        />
      )}
      {phase.kind === 'error' && (
        <Alert type="error" showIcon className="pp-form-alert" title={phase.message} />
      )}
      <Space>
        <Button onClick={onOtherCard} data-testid="auth-other-card">
          {t('team.upgrade.authOtherCard')}
        </Button>
        {phase.kind !== 'working' && (
          <Button onClick={() => void finalise()} data-testid="auth-retry">
            {t('team.upgrade.authRetry')}
          </Button>
        )}
      </Space>
    </>
  );
};

const TestAuthentication = (props: Props) => {
  const { t } = useTranslation();
  const { phase, setPhase, finalise } = useFinalise(props);
  const [busy, setBusy] = useState(false);
  useEffect(() => setPhase({ kind: 'waiting' }), [setPhase]);
  const answer = async (result: 'approve' | 'fail') => {
    setBusy(true);
    try {
      await teamApi.testAuthentication(props.companyId, props.pending.id, result);
      await finalise();
    } catch (error) {
      props.onFailed(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="pp-account-form" data-testid="auth-step-test">
      <h3>{t('team.upgrade.authTitle')}</h3>
      <Alert
        type="warning"
        showIcon
        className="pp-form-alert"
        title={t('team.upgrade.authTestMode')}
        data-testid="auth-test-mode"
      />
      <Space className="pp-tm__actions">
        <Button
          type="primary"
          loading={busy}
          onClick={() => void answer('approve')}
          data-testid="auth-test-approve"
        >
          {t('team.upgrade.authApprove')}
        </Button>
        <Button
          danger
          disabled={busy}
          onClick={() => void answer('fail')}
          data-testid="auth-test-fail"
        >
          {t('team.upgrade.authFail')}
        </Button>
      </Space>
      {phase.kind === 'error' && (
        <Alert type="error" showIcon className="pp-form-alert" title={phase.message} />
      )}
      <Button onClick={props.onOtherCard} data-testid="auth-other-card">
        {t('team.upgrade.authOtherCard')}
      </Button>
    </div>
  );
};

const StripeAuthentication = (props: Props) => {
  const { t } = useTranslation();
  const { phase, setPhase, finalise } = useFinalise(props);
  const { pending, publishableKey } = props;
  const load = props.loadStripe ?? loadStripeJs;
  const started = useRef(false);
  useEffect(() => {
    // Once per pending payment (React's development double effect must not open the bank's check twice).
    if (started.current) return;
    started.current = true;
    void (async () => {
      const stripe = publishableKey ? await load(publishableKey).catch(() => null) : null;
      if (!stripe || !pending.client_secret) {
        setPhase({ kind: 'error', message: t('team.upgrade.stripeUnavailable') });
        return;
      }
      // Whatever Stripe.js reports (done, cancelled, failed), the server asks Stripe and decides.
      await stripe.handleNextAction({ clientSecret: pending.client_secret });
      await finalise();
    })();
  }, [pending.client_secret, publishableKey, load, finalise, setPhase, t]);
  return (
    <div className="pp-account-form" data-testid="auth-step-stripe">
      <h3>{t('team.upgrade.authTitle')}</h3>
      <Alert type="info" showIcon className="pp-form-alert" title={t('team.upgrade.authStripe')} />
      {phase.kind === 'working' && <Spin data-testid="auth-working" />}
      <WaitingActions phase={phase} finalise={finalise} onOtherCard={props.onOtherCard} />
    </div>
  );
};
