import { Grid } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { Logo } from '../../../components/Logo';
import { PileIllustration } from '../../../components/PileIllustration';

type AuthLayoutProps = { title: string; subtitle?: ReactNode; children: ReactNode; wide?: boolean };

/** Split screen of the sign-in pages: brand panel (desktop only) and the form column. */
export const AuthLayout = ({ title, subtitle, children, wide = false }: AuthLayoutProps) => {
  const { t } = useTranslation();
  const isDesktop = Grid.useBreakpoint().lg ?? false;
  const points = ['axial', 'import', 'reports'] as const;
  return (
    <div className="pp-auth">
      {isDesktop && (
        <aside className="pp-auth__brand">
          <Logo />
          <div className="pp-auth__brand-body">
            <h2 className="pp-auth__brand-title">{t('auth.brandTitle')}</h2>
            <ul className="pp-auth__points">
              {points.map((p) => (
                <li key={p}>{t(`auth.brandPoints.${p}`)}</li>
              ))}
            </ul>
          </div>
          <PileIllustration className="pp-auth__illustration" title={t('home.illustrationLabel')} />
        </aside>
      )}
      <main className="pp-auth__main">
        <div className="pp-auth__topbar">
          {isDesktop ? <span /> : <Logo inverted={false} />}
          <LanguageSwitch />
        </div>
        <div className={`pp-auth__panel ${wide ? 'pp-auth__panel--wide' : ''}`}>
          <h1 className="pp-auth__title">{title}</h1>
          {subtitle && <p className="pp-auth__subtitle">{subtitle}</p>}
          {children}
        </div>
        <footer className="pp-auth__footer">
          {t('common.copyright', { year: new Date().getFullYear() })}
        </footer>
      </main>
    </div>
  );
};
