// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { use } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../test/render';
import { LanguageSwitch } from './LanguageSwitch';
import { useTranslation } from 'react-i18next';

const Probe = () => {
  const { t } = useTranslation();
  const { locale } = use(ConfigProvider.ConfigContext);
  return (
    <>
      <LanguageSwitch />
      <h1>{t('auth.login.title')}</h1>
      <span data-testid="antd-locale">{locale?.locale}</span>
    </>
  );
};

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('LanguageSwitch', () => {
  it('starts in German and switches app, Ant Design and dayjs to English and back', async () => {
    const user = userEvent.setup();
    renderPage(<Probe />);
    expect(screen.getByRole('heading').textContent).toBe('Anmelden');
    expect(screen.getByTestId('antd-locale').textContent).toBe('de');

    await user.click(screen.getByTestId('lang-en'));
    expect(screen.getByRole('heading').textContent).toBe('Sign in');
    expect(screen.getByTestId('antd-locale').textContent).toBe('en');
    expect(dayjs.locale()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('pp.language')).toBe('en');

    await user.click(screen.getByTestId('lang-de'));
    expect(screen.getByRole('heading').textContent).toBe('Anmelden');
    expect(dayjs.locale()).toBe('de');
  });
});
