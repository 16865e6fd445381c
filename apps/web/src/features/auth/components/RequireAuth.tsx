import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AppLayout } from '../../../components/AppLayout';
import { SessionExpiredError } from '../../../lib/http/api-error';
import { useNotify } from '../../../lib/notify/useNotify';
import { useCurrentUser, useEndSession, useHasSession } from '../session';

/**
 * Gate of the protected pages: without a stored refresh credential → /login; otherwise the user info
 * is fetched on entry ('Get user info error' on failure) and the shell is rendered.
 */
export const RequireAuth = () => {
  const hasSession = useHasSession();
  const location = useLocation();
  if (!hasSession) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <SignedInShell />;
};

const SignedInShell = () => {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const endSession = useEndSession();
  const me = useCurrentUser({ onEntry: true });

  useEffect(() => {
    if (me.isError && !(me.error instanceof SessionExpiredError)) {
      notify.failure(me.error, t('notify.getUserInfoError'));
    }
  }, [me.isError, me.error, notify, t]);

  const signOut = () => {
    void endSession().then((serverOk) => {
      if (!serverOk) notify.failure(null, t('auth.logout.failed'));
      void navigate('/login', { replace: true });
    });
  };

  if (me.isPending) {
    return (
      <div className="pp-fullpage-center">
        <Spin size="large" />
      </div>
    );
  }
  if (me.isError && !me.data) {
    return (
      <Result
        status="warning"
        title={t('notify.getUserInfoError')}
        extra={[
          <Button key="retry" type="primary" onClick={() => void me.refetch()}>
            {t('common.retry')}
          </Button>,
          <Button key="signout" onClick={signOut}>
            {t('nav.signOut')}
          </Button>,
        ]}
      />
    );
  }
  return <AppLayout user={me.data} onSignOut={signOut} />;
};
