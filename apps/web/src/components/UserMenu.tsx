import type { User } from '@pfahlplaner/contracts';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * Two letters for the avatar: first and second name; titles and abbreviations ("Dr.-Ing.", "Prof.",
 * "Dipl.-Ing.", a middle initial "J.") are skipped — any word ending with a full stop.
 */
export const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter((part) => part !== '' && !part.endsWith('.'))
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

type UserMenuProps = { user: User | undefined; onSignOut: () => void };

/** Name and role with a menu for the account page and sign-out (desktop header). */
export const UserMenu = ({ user, onSignOut }: UserMenuProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          {
            key: 'account',
            label: t('nav.accountSettings'),
            onClick: () => void navigate('/account'),
          },
          { type: 'divider' },
          { key: 'signout', label: t('nav.signOut'), danger: true, onClick: onSignOut },
        ],
      }}
    >
      <Button
        type="text"
        className="pp-user-button"
        aria-label={t('nav.userMenu')}
        data-testid="user-menu"
      >
        <Avatar size={26} className="pp-avatar">
          {initials(user?.full_name ?? '')}
        </Avatar>
        <span className="pp-user-button__text">
          <span className="pp-user-button__name">{user?.full_name ?? '…'}</span>
          {user && <span className="pp-user-button__role">{t(`role.${user.role}`)}</span>}
        </span>
      </Button>
    </Dropdown>
  );
};
