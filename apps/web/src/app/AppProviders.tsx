import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import deDE from 'antd/locale/de_DE';
import enUS from 'antd/locale/en_US';
import { type ReactNode, useState } from 'react';
import { PreferencesProvider } from '../features/preferences/PreferencesProvider';
import { usePreferences } from '../features/preferences/usePreferences';
import { useIconLabels } from '../lib/a11y/useIconLabels';
import { MESSAGE_SECONDS, NOTIFICATION_SECONDS } from '../lib/notify/notify-rules';
import { HEADER_HEIGHT, theme } from './theme';

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

/**
 * Messages start below the header, never over it: a long message (a refused calculation names every reason)
 * covered the whole header for its three seconds, and with it the way out of the project; their width is
 * bounded in global.css. Notifications stay at antd's place, over the header's right end: lower down they
 * covered the page's own actions on the right (ADR 0203).
 */
const TOAST_TOP = HEADER_HEIGHT + 8;

/**
 * Ant Design follows the UI language: its own texts (DatePicker, Pagination, Modal …) and the names of its
 * icon-only buttons (its icons are decorative, ADR 0194).
 */
const LocalizedConfig = ({ children }: { children: ReactNode }) => {
  const { language } = usePreferences();
  useIconLabels();
  return (
    <ConfigProvider locale={language === 'de' ? deDE : enUS} theme={theme}>
      <AntApp
        message={{ duration: MESSAGE_SECONDS, maxCount: 3, top: TOAST_TOP }}
        notification={{ duration: NOTIFICATION_SECONDS, maxCount: 3 }}
      >
        {children}
      </AntApp>
    </ConfigProvider>
  );
};

/** Query cache › preferences (language, decimal mark) › antd theme and locale. */
export const AppProviders = ({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) => {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <PreferencesProvider>
        <LocalizedConfig>{children}</LocalizedConfig>
      </PreferencesProvider>
    </QueryClientProvider>
  );
};
