import { Button, Empty, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../auth/session';

/** /projects: the workspace entry. Project management arrives with the projects issue; until then an honest empty state. */
export const ProjectsPage = () => {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  return (
    <div className="pp-page">
      <div className="pp-page__header">
        <div>
          <h1 className="pp-page__title">
            {t('projects.title')}
            {user && <Tag className="pp-page__tag">{t(`role.${user.role}`)}</Tag>}
          </h1>
          <p className="pp-page__lead">
            {t('projects.lead')}
            {user && (
              <>
                {' '}
                <span className="pp-muted">
                  {t('projects.company')}: <strong>{user.company.name}</strong>
                </span>
              </>
            )}
          </p>
        </div>
        <Tooltip title={t('projects.comingSoon')}>
          <Button type="primary" disabled>
            {t('projects.newProject')}
          </Button>
        </Tooltip>
      </div>
      <section className="pp-panel pp-panel--empty" aria-label={t('projects.title')}>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <div className="pp-empty__title">{t('projects.emptyTitle')}</div>
              <div className="pp-empty__text">{t('projects.emptyText')}</div>
            </>
          }
        />
      </section>
    </div>
  );
};
