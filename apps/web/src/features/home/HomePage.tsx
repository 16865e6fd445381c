import { Button, Grid } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { PileIllustration } from '../../components/PileIllustration';
import { authApi } from '../auth/api';
import { useHasSession } from '../auth/session';
import { FeatureIcon } from './FeatureIcon';

const FEATURES = ['axial', 'settlement', 'length', 'groups', 'lateral', 'reinforcement'] as const;
const WORKFLOW = ['import', 'calculate', 'report'] as const;
const FACTS = [
  ['norm', 'normText'],
  ['units', 'unitsText'],
  ['languages', 'languagesText'],
] as const;

/** `/`: public landing page of the product. */
export const HomePage = () => {
  const { t } = useTranslation();
  const hasSession = useHasSession();
  const navigate = useNavigate();
  const isDesktop = Grid.useBreakpoint().lg ?? false;
  const version = useQuery({
    queryKey: ['general', 'version'],
    queryFn: authApi.backendVersion,
    retry: false,
    staleTime: Infinity,
  });

  const actions = hasSession ? (
    <Button type="primary" size="large" onClick={() => void navigate('/projects')}>
      {t('home.ctaProjects')}
    </Button>
  ) : (
    <>
      <Button
        type="primary"
        size="large"
        className="pp-cta-primary"
        onClick={() => void navigate('/register')}
      >
        {t('home.ctaRegister')}
      </Button>
      <Button size="large" className="pp-cta-secondary" onClick={() => void navigate('/login')}>
        {t('home.ctaSignIn')}
      </Button>
    </>
  );

  return (
    <div className="pp-home">
      <header className="pp-home__header">
        <div className="pp-container pp-home__bar">
          <Logo />
          {isDesktop && (
            <nav className="pp-home__nav" aria-label={t('nav.menu')}>
              <a href="#features">{t('home.featuresTitle')}</a>
              <a href="#workflow">{t('home.workflowTitle')}</a>
            </nav>
          )}
          <div className="pp-home__tools">
            <LanguageSwitch dark />
            {hasSession ? (
              <Link to="/projects" className="pp-home__signin">
                {t('nav.projects')}
              </Link>
            ) : (
              <Link to="/login" className="pp-home__signin">
                {t('nav.signIn')}
              </Link>
            )}
          </div>
        </div>
      </header>

      <section className="pp-hero">
        <div className="pp-container pp-hero__grid">
          <div>
            <span className="pp-hero__badge">{t('home.badge')}</span>
            <h1 className="pp-hero__title">{t('home.title')}</h1>
            <p className="pp-hero__lead">{t('home.lead')}</p>
            <div className="pp-hero__actions">{actions}</div>
          </div>
          <div className="pp-hero__figure">
            <PileIllustration title={t('home.illustrationLabel')} />
          </div>
        </div>
        <div className="pp-container pp-facts">
          {FACTS.map(([title, text]) => (
            <div key={title} className="pp-fact">
              <div className="pp-fact__title">{t(`home.facts.${title}`)}</div>
              <div className="pp-fact__text">{t(`home.facts.${text}`)}</div>
            </div>
          ))}
        </div>
      </section>

      <section id="features" className="pp-section">
        <div className="pp-container">
          <h2 className="pp-section__title">{t('home.featuresTitle')}</h2>
          <p className="pp-section__lead">{t('home.featuresLead')}</p>
          <div className="pp-feature-grid">
            {FEATURES.map((key) => (
              <article key={key} className="pp-feature">
                <div className="pp-feature__icon">
                  <FeatureIcon name={key} />
                </div>
                <h3 className="pp-feature__title">{t(`home.feature.${key}.title`)}</h3>
                <p className="pp-feature__text">{t(`home.feature.${key}.text`)}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section id="workflow" className="pp-section pp-section--alt">
        <div className="pp-container">
          <h2 className="pp-section__title">{t('home.workflowTitle')}</h2>
          <ol className="pp-workflow">
            {WORKFLOW.map((key, index) => (
              <li key={key} className="pp-workflow__step">
                <div className="pp-workflow__head">
                  <span className="pp-workflow__number">{index + 1}</span>
                  <FeatureIcon name={key} />
                  <h3>{t(`home.workflow.${key}.title`)}</h3>
                </div>
                <p>{t(`home.workflow.${key}.text`)}</p>
              </li>
            ))}
          </ol>
          <div className="pp-team">
            <div>
              <h2 className="pp-section__title">{t('home.teamTitle')}</h2>
              <p className="pp-section__lead">{t('home.teamText')}</p>
            </div>
          </div>
        </div>
      </section>

      <footer className="pp-home__footer">
        <div className="pp-container pp-home__footer-row">
          <span>{t('common.copyright', { year: new Date().getFullYear() })}</span>
          <span className="pp-muted-inverse">
            {t('common.tagline')}
            {version.data &&
              ` · ${t('common.serverVersion', { version: version.data.data.version })}`}
          </span>
        </div>
      </footer>
    </div>
  );
};
