import type { LoginResponse } from '@pfahlplaner/contracts';
import { Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useHasSession, useStartSession } from '../session';
import { AccountStep } from './AccountStep';
import { AuthLayout } from './AuthLayout';
import { CompanyStep } from './CompanyStep';
import { OtpStep } from './OtpStep';

type Step = 'account' | 'otp' | 'company';
const STEPS: Step[] = ['account', 'otp', 'company'];
type RegisterLocationState = { email?: string; step?: Step } | null;

/** /register: credentials → e-mail code → company; the completed sign-up lands on /projects. */
export const RegisterPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useLocation().state as RegisterLocationState;
  const hasSession = useHasSession();
  const startSession = useStartSession();
  const [email, setEmail] = useState(state?.email ?? '');
  const [step, setStep] = useState<Step>(state?.email && state.step === 'otp' ? 'otp' : 'account');

  if (hasSession) return <Navigate to="/projects" replace />;

  const completed = (login: LoginResponse | null) => {
    if (login) startSession(login);
    else void navigate('/login', { replace: true, state: { email } });
  };

  return (
    <AuthLayout title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} wide>
      <Steps
        className="pp-register-steps"
        size="small"
        current={STEPS.indexOf(step)}
        items={[
          { title: t('auth.register.stepAccount') },
          { title: t('auth.register.stepVerify') },
          { title: t('auth.register.stepCompany') },
        ]}
      />
      {step === 'account' && (
        <AccountStep
          onSent={(sentTo) => {
            setEmail(sentTo);
            setStep('otp');
          }}
        />
      )}
      {step === 'otp' && (
        <OtpStep
          email={email}
          onVerified={() => setStep('company')}
          onChangeEmail={() => setStep('account')}
        />
      )}
      {step === 'company' && <CompanyStep email={email} onCompleted={completed} />}
      <p className="pp-auth__switch">
        {t('auth.register.haveAccount')} <Link to="/login">{t('auth.register.signIn')}</Link>
      </p>
    </AuthLayout>
  );
};
