import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { App } from 'antd';
import { sessionEvents } from '../lib/http/session-events';

/** Sends the user to /login when the session ends behind their back (refresh rejected). */
export const SessionWatcher = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const { t } = useTranslation();
  useEffect(
    () =>
      sessionEvents.subscribe((change) => {
        if (change !== 'expired') return;
        queryClient.clear();
        void message.info({ content: t('notify.sessionEnded'), duration: 3 });
        void navigate('/login', { replace: true });
      }),
    [navigate, queryClient, message, t],
  );
  return null;
};
