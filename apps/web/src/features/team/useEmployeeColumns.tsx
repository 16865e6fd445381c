import { canManageUser, type Employee, type EmployeeSort, type User } from '@pfahlplaner/contracts';
import { Button, Space, Tag } from 'antd';
import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../preferences/usePreferences';
import { formatDate } from './format';

type Args = {
  user: User;
  /** The list's sort (`full_name`, `-created_date`): marks the sorted column. */
  sort: string;
  /** The company's licence allows changes. */
  writable: boolean;
  onEdit: (employee: Employee) => void;
  onAssign: (employee: Employee) => void;
  onRemove: (employee: Employee) => void;
};

/** The columns of the user table, with the sort shown and the actions the signed-in user may take. */
export const useEmployeeColumns = ({
  user,
  sort,
  writable,
  onEdit,
  onAssign,
  onRemove,
}: Args): TableProps<Employee>['columns'] => {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const sortKey = sort.replace(/^-/, '');
  const order = (key: EmployeeSort) =>
    sortKey === key ? (sort.startsWith('-') ? ('descend' as const) : ('ascend' as const)) : null;
  const mayManage = (e: Employee) => canManageUser({ id: user.id, role: user.role }, e);

  return [
    {
      key: 'full_name',
      title: t('team.users.col.full_name'),
      sorter: true,
      sortOrder: order('full_name'),
      render: (_, e) => (
        <span>
          {e.full_name}
          {e.invitation_pending && (
            <Tag color="gold" className="pp-tm__tag">
              {t('team.users.pending')}
            </Tag>
          )}
        </span>
      ),
    },
    {
      key: 'email',
      dataIndex: 'email',
      title: t('team.users.col.email'),
      sorter: true,
      sortOrder: order('email'),
    },
    {
      key: 'role',
      title: t('team.users.col.role'),
      sorter: true,
      sortOrder: order('role'),
      render: (_, e) => t(`role.${e.role}`),
    },
    {
      key: 'project_count',
      dataIndex: 'project_count',
      title: t('team.users.col.project_count'),
      sorter: true,
      sortOrder: order('project_count'),
      align: 'right',
    },
    {
      key: 'created_date',
      title: t('team.users.col.created_date'),
      sorter: true,
      sortOrder: order('created_date'),
      render: (_, e) => formatDate(e.created_date, language),
    },
    {
      key: 'last_login_at',
      title: t('team.users.col.last_login_at'),
      sorter: true,
      sortOrder: order('last_login_at'),
      render: (_, e) =>
        e.last_login_at ? formatDate(e.last_login_at, language) : t('team.users.never'),
    },
    {
      key: 'licence_status',
      title: t('team.users.col.licence_status'),
      sorter: true,
      sortOrder: order('licence_status'),
      render: (_, e) => (
        <Tag
          color={
            ['expired', 'blocked', 'deactivated'].includes(e.licence_status)
              ? 'red'
              : ['past_due', 'period_ending', 'trial_ending'].includes(e.licence_status)
                ? 'orange'
                : 'green'
          }
        >
          {t(`team.licence.${e.licence_status}`)}
        </Tag>
      ),
    },
    {
      key: 'expiry_date',
      title: t('team.users.col.expiry_date'),
      sorter: true,
      sortOrder: order('expiry_date'),
      render: (_, e) => formatDate(e.expiry_date, language),
    },
    {
      key: 'actions',
      title: t('team.users.col.actions'),
      render: (_, e) => (
        <Space size={4} wrap>
          <Button
            size="small"
            disabled={!mayManage(e) || !writable}
            title={e.role === 'Owner' ? t('team.users.ownerNoEdit') : undefined}
            onClick={() => onEdit(e)}
            data-testid={`edit-${e.id}`}
          >
            {t('team.users.edit')}
          </Button>
          <Button
            size="small"
            disabled={!e.is_active}
            onClick={() => onAssign(e)}
            data-testid={`projects-${e.id}`}
          >
            {t('team.users.projects')}
          </Button>
          <Button
            size="small"
            danger
            disabled={!mayManage(e)}
            onClick={() => onRemove(e)}
            data-testid={`remove-${e.id}`}
          >
            {t('team.users.remove')}
          </Button>
        </Space>
      ),
    },
  ];
};
