import { can, type Employee, type User } from '@pfahlplaner/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddUserModal } from './AddUserModal';
import { teamApi } from './api';
import { AssignProjectsModal } from './AssignProjectsModal';
import { EditUserModal } from './EditUserModal';
import { RemoveUserModal } from './RemoveUserModal';
import './team.css';
import { useEmployeeColumns } from './useEmployeeColumns';
import { subscriptionKey, useSubscription } from './useSubscription';

type Query = { page: number; page_size: number; search: string; sort: string };

/** Account → User management: the company's users (Owner, Admin and Manager; the server checks the same). */
export const UserManagement = ({ user }: { user: User }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const companyId = user.company.id;
  const [query, setQuery] = useState<Query>({
    page: 1,
    page_size: 10,
    search: '',
    sort: 'full_name',
  });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Employee | null>(null);
  const [assigning, setAssigning] = useState<Employee | null>(null);
  const [removing, setRemoving] = useState<Employee | null>(null);
  const { data: subscription } = useSubscription();
  const writable = subscription?.writable ?? true;

  const list = useQuery({
    queryKey: ['employees', companyId, query],
    queryFn: async () => (await teamApi.list(companyId, query)).data,
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['employees', companyId] });
    void queryClient.invalidateQueries({ queryKey: subscriptionKey(companyId) });
  };

  const columns = useEmployeeColumns({
    user,
    sort: query.sort,
    writable,
    onEdit: setEditing,
    onAssign: setAssigning,
    onRemove: setRemoving,
  });

  return (
    <div className="pp-tm" data-testid="user-management">
      <div className="pp-tm__toolbar">
        <Input.Search
          allowClear
          placeholder={t('team.users.search')}
          aria-label={t('team.users.search')}
          className="pp-tm__search"
          onSearch={(search) => setQuery((q) => ({ ...q, search, page: 1 }))}
        />
        {subscription && (
          <span className="pp-muted" data-testid="seat-info">
            {t('team.users.seats', {
              active: subscription.active_users,
              seats: subscription.seats,
            })}
          </span>
        )}
        <Button
          type="primary"
          disabled={!can(user.role, 'employees.add') || !writable}
          onClick={() => setAdding(true)}
          data-testid="add-user"
        >
          {t('team.users.add')}
        </Button>
      </div>
      <Table<Employee>
        rowKey="id"
        size="middle"
        scroll={{ x: true }}
        loading={list.isFetching}
        dataSource={list.data?.results ?? []}
        columns={columns}
        pagination={{
          current: query.page,
          pageSize: query.page_size,
          total: list.data?.count ?? 0,
          pageSizeOptions: [5, 10],
          showSizeChanger: true,
        }}
        onChange={(pagination, _filters, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const key = typeof s?.columnKey === 'string' && s.order ? s.columnKey : 'full_name';
          const sort = s?.order === 'descend' ? `-${key}` : key;
          setQuery((q) => ({
            ...q,
            page:
              sort === q.sort && pagination.pageSize === q.page_size
                ? (pagination.current ?? 1)
                : 1,
            page_size: pagination.pageSize ?? 10,
            sort,
          }));
        }}
      />
      {adding && <AddUserModal user={user} onClose={() => setAdding(false)} onDone={refresh} />}
      {editing && (
        <EditUserModal
          user={user}
          employee={editing}
          onClose={() => setEditing(null)}
          onDone={refresh}
        />
      )}
      {assigning && (
        <AssignProjectsModal
          companyId={companyId}
          employee={assigning}
          readOnly={!writable}
          onClose={() => setAssigning(null)}
          onDone={refresh}
        />
      )}
      {removing && <RemoveUserModal employee={removing} onClose={() => setRemoving(null)} />}
    </div>
  );
};
