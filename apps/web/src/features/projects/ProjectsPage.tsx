import { can } from '@pfahlplaner/contracts';
import type { ProjectSort } from '@pfahlplaner/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Input, Space, Table, Tag, Tooltip, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../lib/http/api-error';
import { useNotify } from '../../lib/notify/useNotify';
import { useCurrentUser } from '../auth/session';
import { Icon, type IconName } from '../workspace/Icon';
import { projectsApi, type ProjectBasics, type ProjectSummary } from './api';
import { formatDateTime, sortParam } from './format';
import { ImportProjectDialog } from './ImportProjectDialog';
import { ProjectFormModal } from './ProjectFormModal';
import { ShareModal } from './ShareModal';
import { useDebouncedValue } from './useDebouncedValue';
import '../workspace/workspace.css';

const STATUS_COLOR = { none: 'default', fresh: 'success', stale: 'warning' } as const;
const MANAGERS = new Set(['Owner', 'Admin', 'Manager']);

/** /projects: the company's projects — search, sort, page, create, rename, copy, delete, share, calculate. */
export const ProjectsPage = () => {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const companyId = user?.company.id ?? 0;
  const isGuest = user?.role === 'Guest';
  const canManage = user ? MANAGERS.has(user.role) : false;
  const mayUpgrade = user ? can(user.role, 'subscription.upgrade') : false;

  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), 200);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<5 | 10>(10);
  const [sort, setSort] = useState<ProjectSort | undefined>('-modified_date');
  const [selected, setSelected] = useState<number[]>([]);
  const [formProject, setFormProject] = useState<ProjectSummary | 'new' | null>(null);
  const [shareProject, setShareProject] = useState<ProjectSummary | null>(null);
  const [importing, setImporting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [planLimit, setPlanLimit] = useState(false);
  const [calculating, setCalculating] = useState<number | null>(null);

  const listKey = ['projects', companyId, 'list', page, pageSize, debouncedSearch, sort];
  const list = useQuery({
    queryKey: listKey,
    enabled: companyId > 0,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (
        await projectsApi.list(companyId, {
          page,
          page_size: pageSize,
          search: debouncedSearch || undefined,
          sort,
        })
      ).data,
  });
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: ['projects', companyId, 'list'] });

  const failure = (error: unknown, context: string) => {
    if (isApiError(error) && error.code === 'PLAN_PROJECT_LIMIT') {
      // The limit message (with the way into the upgrade wizard) must not hide behind the form, and it is
      // the one message: a notification saying the same lay over its upgrade button (ADR 0203).
      setPlanLimit(true);
      setFormProject(null);
      return;
    }
    notify.failure(error, context);
  };

  const submitForm = async (values: ProjectBasics) => {
    setBusy(true);
    try {
      if (formProject === 'new') {
        const created = await projectsApi.create(companyId, values);
        notify.success(created.status, t('workspace.projects.created'));
        setFormProject(null);
        // into the new project at once: the list is marked stale and loads again when it is next shown
        // (waiting for its reload first kept the user on the list for as long as the server took to answer)
        void refresh();
        void navigate(`/projects/${created.data.id}`);
      } else if (formProject) {
        const updated = await projectsApi.update(companyId, formProject.id, values);
        notify.success(updated.status, t('workspace.projects.renamed'));
        setFormProject(null);
        await refresh();
      }
    } catch (error) {
      failure(
        error,
        formProject === 'new' ? t('workspace.projects.newProject') : t('workspace.projects.rename'),
      );
    } finally {
      setBusy(false);
    }
  };

  const copy = async (ids: number[]) => {
    try {
      const response = await projectsApi.copy(companyId, ids);
      notify.success(200, t('workspace.projects.copied', { count: response.data.results.length }));
      setSelected([]);
      await refresh();
    } catch (error) {
      failure(error, t('workspace.projects.copy'));
    }
  };

  const confirmDelete = (projects: ProjectSummary[]) => {
    modal.confirm({
      title: t('workspace.projects.deleteConfirmTitle'),
      content: t('workspace.projects.deleteConfirmText', {
        count: projects.length,
        names: projects.map((p) => p.name).join(', '),
      }),
      okText: t('workspace.projects.delete'),
      okButtonProps: { danger: true, id: 'confirm-delete' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await projectsApi.remove(
            companyId,
            projects.map((p) => p.id),
          );
          notify.success(200, t('workspace.projects.deleted'));
          setSelected([]);
          setPlanLimit(false);
          await refresh();
        } catch (error) {
          failure(error, t('workspace.projects.delete'));
        }
      },
    });
  };

  const calculate = async (project: ProjectSummary) => {
    setCalculating(project.id);
    try {
      await projectsApi.calculate(companyId, project.id, 'local');
      notify.success(200, t('workspace.projects.calculated'));
      await refresh();
    } catch (error) {
      failure(error, t('workspace.projects.calculate'));
    } finally {
      setCalculating(null);
    }
  };

  const rows = list.data?.results ?? [];
  const selectedProjects = rows.filter((p) => selected.includes(p.id));

  const columns: TableProps<ProjectSummary>['columns'] = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('workspace.projects.col.name'),
      sorter: true,
      sortOrder: sort === 'name' ? 'ascend' : sort === '-name' ? 'descend' : null,
      render: (name: string, project) => (
        <Link to={`/projects/${project.id}`} className="pp-project-link">
          {name}
        </Link>
      ),
    },
    { key: 'number', dataIndex: 'number', title: t('workspace.projects.col.number'), width: 110 },
    {
      key: 'location',
      title: t('workspace.projects.col.location'),
      render: (_v, p) => [p.postal_code, p.location].filter(Boolean).join(' '),
      ellipsis: true,
    },
    {
      key: 'status',
      dataIndex: 'calculation_status',
      title: t('workspace.projects.col.status'),
      width: 140,
      render: (status: ProjectSummary['calculation_status']) => (
        <Tooltip title={t(`workspace.projects.statusHelp.${status}`)}>
          <Tag color={STATUS_COLOR[status]} data-testid={`status-${status}`}>
            {t(`workspace.projects.status.${status}`)}
          </Tag>
        </Tooltip>
      ),
    },
    {
      key: 'created_date',
      dataIndex: 'created_date',
      title: t('workspace.projects.col.created'),
      width: 170,
      // from 1600 px only: below, the name column keeps room for whole words (at 1280 px, ADR 0147)
      responsive: ['xxl'],
      sorter: true,
      sortOrder: sort === 'created_date' ? 'ascend' : sort === '-created_date' ? 'descend' : null,
      render: formatDateTime,
    },
    {
      key: 'modified_date',
      dataIndex: 'modified_date',
      title: t('workspace.projects.col.modified'),
      width: 170,
      sorter: true,
      sortOrder: sort === 'modified_date' ? 'ascend' : sort === '-modified_date' ? 'descend' : null,
      render: formatDateTime,
    },
    {
      key: 'modified_by_name',
      dataIndex: 'modified_by_name',
      title: t('workspace.projects.col.modifiedBy'),
      ellipsis: true,
      width: 160,
    },
    {
      key: 'actions',
      title: t('workspace.projects.col.actions'),
      width: 190,
      render: (_v, project) => (
        <Space size={0}>
          {[
            { key: 'rename', icon: 'edit', show: !isGuest, onClick: () => setFormProject(project) },
            {
              key: 'calculate',
              icon: 'calculate',
              show: !isGuest,
              loading: calculating === project.id,
              onClick: () => void calculate(project),
            },
            { key: 'copy', icon: 'copy', show: !isGuest, onClick: () => void copy([project.id]) },
            {
              key: 'share',
              icon: 'team',
              show: canManage,
              onClick: () => setShareProject(project),
            },
            {
              key: 'delete',
              icon: 'trash',
              show: !isGuest,
              danger: true,
              onClick: () => confirmDelete([project]),
            },
          ]
            .filter((action) => action.show)
            .map((action) => (
              <Tooltip
                key={action.key}
                title={t(`workspace.projects.${action.key}` as 'workspace.projects.copy')}
              >
                <Button
                  type="text"
                  size="small"
                  danger={action.danger}
                  loading={action.loading}
                  icon={<Icon name={action.icon as IconName} />}
                  aria-label={t(`workspace.projects.${action.key}` as 'workspace.projects.copy')}
                  onClick={action.onClick}
                  data-testid={`project-${action.key}`}
                />
              </Tooltip>
            ))}
        </Space>
      ),
    },
  ];

  return (
    <div className="pp-page pp-projects">
      <div className="pp-page__header">
        <div>
          <h1 className="pp-page__title">
            {t('workspace.projects.title')}
            {user && <Tag className="pp-page__tag">{t(`role.${user.role}`)}</Tag>}
          </h1>
          <p className="pp-page__lead">
            {t('workspace.projects.lead')}
            {user && (
              <span className="pp-muted">
                {' '}
                {t('projects.company')}: <strong>{user.company.name}</strong>
              </span>
            )}
          </p>
        </div>
        {!isGuest && (
          <Space>
            <Button
              icon={<Icon name="upload" />}
              onClick={() => setImporting(true)}
              data-testid="project-import"
            >
              {t('workspace.projects.import.button')}
            </Button>
            <Button
              type="primary"
              icon={<Icon name="plus" />}
              onClick={() => setFormProject('new')}
              data-testid="project-new"
            >
              {t('workspace.projects.newProject')}
            </Button>
          </Space>
        )}
      </div>
      {planLimit && (
        <Alert
          className="pp-projects__alert"
          type="warning"
          showIcon
          closable={{ onClose: () => setPlanLimit(false) }}
          title={t('workspace.projects.planLimit')}
          description={mayUpgrade ? undefined : t('team.planLimit.askOwner')}
          action={
            mayUpgrade ? (
              <Button
                type="primary"
                size="small"
                onClick={() => void navigate('/upgrade')}
                data-testid="plan-limit-upgrade"
              >
                {t('team.planLimit.upgrade')}
              </Button>
            ) : undefined
          }
          data-testid="plan-limit"
        />
      )}
      <section className="pp-panel pp-projects__panel">
        <div className="pp-projects__toolbar">
          <Input.Search
            allowClear
            placeholder={t('workspace.projects.search')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            style={{ maxWidth: 320 }}
            data-testid="project-search"
          />
          <Space>
            {!isGuest && (
              <Button
                icon={<Icon name="copy" />}
                disabled={selected.length === 0}
                onClick={() => void copy(selected)}
                data-testid="projects-copy-selected"
              >
                {t('workspace.projects.copySelected', { count: selected.length })}
              </Button>
            )}
            {!isGuest && (
              <Button
                danger
                icon={<Icon name="trash" />}
                disabled={selected.length === 0}
                onClick={() => confirmDelete(selectedProjects)}
                data-testid="projects-delete-selected"
              >
                {t('workspace.projects.deleteSelected', { count: selected.length })}
              </Button>
            )}
          </Space>
        </div>
        <Table<ProjectSummary>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          rowSelection={
            isGuest
              ? undefined
              : {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
                  // antd labels this checkbox "Select all" in every language
                  getTitleCheckboxProps: () => ({
                    'aria-label': t('workspace.projects.selectAll'),
                  }),
                }
          }
          locale={{
            emptyText: debouncedSearch
              ? t('workspace.projects.emptySearch', { search: debouncedSearch })
              : t('workspace.projects.empty'),
          }}
          onChange={(pagination, _filters, sorter) => {
            const single = Array.isArray(sorter) ? sorter[0] : sorter;
            setSort(sortParam(single?.columnKey as string | undefined, single?.order));
            if (pagination.pageSize && pagination.pageSize !== pageSize) {
              setPageSize(pagination.pageSize === 5 ? 5 : 10);
              setPage(1);
            } else {
              setPage(pagination.current ?? 1);
            }
          }}
          pagination={{
            current: page,
            pageSize,
            total: list.data?.count ?? 0,
            pageSizeOptions: [5, 10],
            showSizeChanger: true,
            showTotal: (total) => t('workspace.projects.total', { count: total }),
          }}
          onRow={(project) => ({
            onDoubleClick: () => void navigate(`/projects/${project.id}`),
          })}
          data-testid="project-table"
        />
      </section>
      <ProjectFormModal
        open={formProject !== null}
        project={formProject === 'new' ? null : formProject}
        busy={busy}
        onSubmit={(values) => void submitForm(values)}
        onCancel={() => setFormProject(null)}
      />
      {companyId > 0 && (
        <ImportProjectDialog
          open={importing}
          companyId={companyId}
          onClose={() => setImporting(false)}
          onImported={(id) => void navigate(`/projects/${id}`)}
          onPlanLimit={() => setPlanLimit(true)}
          onListChanged={() => void refresh()}
        />
      )}
      {companyId > 0 && (
        <ShareModal
          companyId={companyId}
          project={shareProject}
          onClose={() => setShareProject(null)}
        />
      )}
    </div>
  );
};

export default ProjectsPage;
