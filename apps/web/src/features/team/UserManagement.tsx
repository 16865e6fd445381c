import {
  AddEmployeeSchema,
  assignableRoles,
  can,
  canManageUser,
  EmailSchema,
  PhoneSchema,
  UpdateEmployeeInfoSchema,
  type AddEmployee,
  type Employee,
  type EmployeeSort,
  type Role,
  type User,
} from '@pfahlplaner/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Select, Space, Table, Tag, Transfer } from 'antd';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseWithSchema, zodRule } from '../../lib/forms/zod-rules';
import { useNotify } from '../../lib/notify/useNotify';
import { emailChangeApi } from '../account/email-change-api';
import { usePreferences } from '../preferences/usePreferences';
import { teamApi } from './api';
import './team.css';
import { formatDate } from './format';
import { subscriptionKey, useSubscription } from './useSubscription';

type Query = { page: number; page_size: number; search: string; sort: string };
type InfoValues = { full_name: string; email: string; phone: string; role: Role };

const rules = {
  full_name: [zodRule(AddEmployeeSchema.shape.full_name)],
  email: [zodRule(EmailSchema)],
  phone: [zodRule(PhoneSchema.or(AddEmployeeSchema.shape.phone))],
};

const roleOptions = (roles: Role[], t: (k: `role.${Role}`) => string) =>
  roles.map((r) => ({ value: r, label: t(`role.${r}`) }));

/** Account → User management: the company's users (Owner, Admin and Manager; the server checks the same). */
export const UserManagement = ({ user }: { user: User }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { language } = usePreferences();
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

  const sortKey = query.sort.replace(/^-/, '');
  const order = (key: EmployeeSort) =>
    sortKey === key
      ? query.sort.startsWith('-')
        ? ('descend' as const)
        : ('ascend' as const)
      : null;
  const mayManage = (e: Employee) => canManageUser({ id: user.id, role: user.role }, e);

  const columns: TableProps<Employee>['columns'] = [
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
            onClick={() => setEditing(e)}
            data-testid={`edit-${e.id}`}
          >
            {t('team.users.edit')}
          </Button>
          <Button
            size="small"
            disabled={!e.is_active}
            onClick={() => setAssigning(e)}
            data-testid={`projects-${e.id}`}
          >
            {t('team.users.projects')}
          </Button>
          <Button
            size="small"
            danger
            disabled={!mayManage(e)}
            onClick={() => setRemoving(e)}
            data-testid={`remove-${e.id}`}
          >
            {t('team.users.remove')}
          </Button>
        </Space>
      ),
    },
  ];

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
      {removing && (
        <Modal
          open
          title={t('team.users.removeTitle')}
          onCancel={() => setRemoving(null)}
          footer={<Button onClick={() => setRemoving(null)}>{t('common.back')}</Button>}
        >
          <p>{t('team.users.removeText')}</p>
          <p data-testid="remove-user-id">
            <strong>
              {t('team.users.userId')}: {removing.id}
            </strong>{' '}
            ({removing.full_name}, {removing.email})
          </p>
          <p className="pp-muted">{t('team.users.removeContact')}</p>
        </Modal>
      )}
    </div>
  );
};

/** Name, e-mail and phone of a user (add and edit dialogs). */
const UserInfoFields = () => {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="full_name"
        label={t('field.full_name.label')}
        rules={rules.full_name}
        validateTrigger="onBlur"
      >
        <Input name="full_name" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('field.email.label')}
        rules={rules.email}
        validateTrigger="onBlur"
      >
        <Input name="email" type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item name="phone" label={`${t('field.phone.label')} (${t('common.optional')})`}>
        <Input name="phone" type="tel" />
      </Form.Item>
    </>
  );
};

const AddUserModal = ({
  user,
  onClose,
  onDone,
}: {
  user: User;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation();
  const notify = useNotify();
  const { language } = usePreferences();
  const [form] = Form.useForm<AddEmployee>();
  const add = useMutation({
    mutationFn: (body: AddEmployee) => teamApi.add(user.company.id, body),
    onSuccess: ({ status }) => {
      notify.success(status, t('team.users.added'));
      onDone();
      onClose();
    },
    onError: (error) => notify.failure(error, t('team.users.addFailed'), { form }),
  });
  const submit = (values: AddEmployee) => {
    const body = parseWithSchema(form, AddEmployeeSchema, {
      ...values,
      phone: values.phone ?? '',
      lang: language,
    });
    if (body) add.mutate(body);
  };
  const roles = assignableRoles(user.role);
  return (
    <Modal
      open
      title={t('team.users.addTitle')}
      onCancel={onClose}
      okText={t('team.users.add')}
      okButtonProps={{
        loading: add.isPending,
        htmlType: 'submit',
        'data-testid': 'add-user-submit',
      }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <p className="pp-muted">{t('team.users.addHint')}</p>
      <Form<AddEmployee>
        form={form}
        name="add_user"
        layout="vertical"
        requiredMark={false}
        initialValues={{ role: roles.includes('Employee') ? 'Employee' : roles[0] }}
        onFinish={submit}
      >
        <UserInfoFields />
        <Form.Item name="role" label={t('field.role.label')}>
          <Select options={roleOptions(roles, t)} data-testid="add-user-role" />
        </Form.Item>
      </Form>
    </Modal>
  );
};

const EditUserModal = ({
  user,
  employee,
  onClose,
  onDone,
}: {
  user: User;
  employee: Employee;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation();
  const notify = useNotify();
  const { language } = usePreferences();
  const [form] = Form.useForm<InfoValues>();
  const roles = assignableRoles(user.role);
  const save = useMutation({
    // The address is not part of update-info: a new one is proposed to the user, who confirms it with the
    // code mailed to it (ADR 0112).
    mutationFn: async ({ role, email, ...info }: InfoValues) => {
      let res = await teamApi.updateInfo(user.company.id, employee.id, info);
      if (role !== employee.role) {
        res = await teamApi.updateRole(user.company.id, employee.id, role);
      }
      if (email === employee.email) return { status: res.status, proposed: null };
      const proposed = await emailChangeApi.requestForMember(user.company.id, employee.id, {
        new_email: email,
        lang: language,
      });
      return { status: proposed.status, proposed: proposed.data.new_email };
    },
    onSuccess: ({ status, proposed }) => {
      notify.success(
        status,
        proposed ? t('emailChange.memberRequested', { email: proposed }) : t('team.users.saved'),
      );
      onDone();
      onClose();
    },
    onError: (error) => {
      notify.failure(error, t('team.users.saveFailed'), { form });
      onDone();
    },
  });
  const submit = (values: InfoValues) => {
    const info = parseWithSchema(form, UpdateEmployeeInfoSchema, {
      full_name: values.full_name,
      email: values.email,
      phone: values.phone ?? '',
    });
    if (info) save.mutate({ ...(info as Omit<InfoValues, 'role'>), role: values.role });
  };
  return (
    <Modal
      open
      title={t('team.users.editTitle')}
      onCancel={onClose}
      okText={t('common.save')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'edit-user-submit' }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<InfoValues>
        form={form}
        name="edit_user"
        layout="vertical"
        requiredMark={false}
        initialValues={{
          full_name: employee.full_name,
          email: employee.email,
          phone: employee.phone,
          role: employee.role,
        }}
        onFinish={submit}
      >
        <p className="pp-muted">{t('emailChange.memberHint')}</p>
        <UserInfoFields />
        <Form.Item name="role" label={t('field.role.label')}>
          <Select
            options={roleOptions(
              roles.includes(employee.role) ? roles : [employee.role, ...roles],
              t,
            )}
            data-testid="edit-user-role"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};

const AssignProjectsModal = ({
  companyId,
  employee,
  readOnly,
  onClose,
  onDone,
}: {
  companyId: number;
  employee: Employee;
  readOnly: boolean;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation();
  const notify = useNotify();
  const projects = useQuery({
    queryKey: ['employee-projects', companyId, employee.id],
    queryFn: async () => {
      const [assigned, unassigned] = await Promise.all([
        teamApi.projects(companyId, employee.id, true),
        teamApi.projects(companyId, employee.id, false),
      ]);
      return { assigned: assigned.data, unassigned: unassigned.data };
    },
  });
  const [target, setTarget] = useState<number[] | null>(null);
  const assignedIds = projects.data?.assigned.map((p) => p.id) ?? [];
  const current = target ?? assignedIds;
  const save = useMutation({
    mutationFn: async () => {
      const add = current.filter((id) => !assignedIds.includes(id));
      const remove = assignedIds.filter((id) => !current.includes(id));
      if (add.length > 0) await teamApi.setProjects(companyId, employee.id, add, true);
      if (remove.length > 0) await teamApi.setProjects(companyId, employee.id, remove, false);
    },
    onSuccess: () => {
      notify.success(200, t('team.users.assignSaved'));
      onDone();
      onClose();
    },
    onError: (error) => notify.failure(error, t('team.users.assignFailed')),
  });
  const all = [...(projects.data?.assigned ?? []), ...(projects.data?.unassigned ?? [])];
  return (
    <Modal
      open
      width={640}
      title={t('team.users.assignTitle', { name: employee.full_name })}
      onCancel={onClose}
      okText={t('common.save')}
      okButtonProps={{
        loading: save.isPending,
        disabled: readOnly,
        'data-testid': 'assign-submit',
      }}
      onOk={() => save.mutate()}
    >
      {['Owner', 'Admin', 'Manager'].includes(employee.role) && (
        <Alert type="info" showIcon className="pp-form-alert" title={t('team.users.assignNote')} />
      )}
      <Transfer
        dataSource={all.map((p) => ({ key: p.id, title: p.name }))}
        targetKeys={current}
        onChange={(keys) => setTarget(keys.map(Number))}
        render={(item) => item.title}
        titles={[t('team.users.assignAvailable'), t('team.users.assignAssigned')]}
        showSearch
        disabled={readOnly}
        listStyle={{ width: 260, height: 300 }}
      />
    </Modal>
  );
};
