import { can } from '@pfahlplaner/contracts';
import { Spin, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../auth/session';
import { PaymentTab } from '../team/PaymentTab';
import { UserManagement } from '../team/UserManagement';
import { ChangePasswordForm } from './components/ChangePasswordForm';
import { CompanyForm } from './components/CompanyForm';
import { EmailChangeCard } from './components/EmailChangeCard';
import { ProfileForm } from './components/ProfileForm';

/** /account: profile, password and company of the signed-in user. */
export const AccountPage = () => {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  if (!user) return <Spin className="pp-fullpage-center" />;
  return (
    <div className="pp-page">
      <Link to="/projects" className="pp-back-link">
        ← {t('account.backToProjects')}
      </Link>
      <div className="pp-page__header">
        <div>
          <h1 className="pp-page__title">
            {t('account.title')}
            <Tag className="pp-page__tag">{t(`role.${user.role}`)}</Tag>
          </h1>
          <p className="pp-page__lead">
            {user.full_name} · {user.company.name}
          </p>
        </div>
      </div>
      <section className="pp-panel">
        <Tabs
          activeKey={params.get('tab') ?? 'profile'}
          onChange={(tab) => setParams({ tab }, { replace: true })}
          items={[
            {
              key: 'profile',
              label: t('account.tabProfile'),
              children: (
                <>
                  <ProfileForm key={`${user.id}-${user.email}`} user={user} />
                  <EmailChangeCard user={user} />
                </>
              ),
            },
            {
              key: 'security',
              label: t('account.tabSecurity'),
              children: <ChangePasswordForm userId={user.id} />,
            },
            {
              key: 'company',
              label: t('account.tabCompany'),
              children: <CompanyForm key={user.company.id} user={user} />,
            },
            // User management and payment (docs/permissions.md): hidden for roles that may not use them.
            ...(can(user.role, 'employees.list')
              ? [
                  {
                    key: 'users',
                    label: t('team.tabUsers'),
                    children: <UserManagement user={user} />,
                  },
                ]
              : []),
            { key: 'payment', label: t('team.tabPayment'), children: <PaymentTab user={user} /> },
          ]}
        />
      </section>
    </div>
  );
};
