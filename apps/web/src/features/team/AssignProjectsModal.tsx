import type { Employee } from '@pfahlplaner/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Modal, Transfer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../lib/notify/useNotify';
import { teamApi } from './api';

/** The projects a user is assigned to: moved between "available" and "assigned", saved as a difference. */
export const AssignProjectsModal = ({
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
