import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal, Transfer, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../lib/notify/useNotify';
import { projectsApi, type ProjectSummary, type ProjectUser } from './api';

/** Assign users to a project (assigned-users / unassigned-users / assign-users / unassign-users). */
export const ShareModal = ({
  companyId,
  project,
  onClose,
}: {
  companyId: number;
  project: ProjectSummary | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const notify = useNotify();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const key = ['projects', companyId, project?.id, 'users'];
  const users = useQuery({
    queryKey: key,
    enabled: project !== null,
    queryFn: async () => {
      const [assigned, unassigned] = await Promise.all([
        projectsApi.assignedUsers(companyId, project!.id),
        projectsApi.unassignedUsers(companyId, project!.id),
      ]);
      return { assigned: assigned.data, unassigned: unassigned.data };
    },
  });
  const all: ProjectUser[] = [...(users.data?.assigned ?? []), ...(users.data?.unassigned ?? [])];
  const targetKeys = (users.data?.assigned ?? []).map((user) => String(user.id));

  const change = async (nextKeys: React.Key[], direction: 'left' | 'right', moved: React.Key[]) => {
    if (!project) return;
    setBusy(true);
    try {
      const ids = moved.map(Number);
      const response =
        direction === 'right'
          ? await projectsApi.assignUsers(companyId, project.id, ids)
          : await projectsApi.unassignUsers(companyId, project.id, ids);
      const assignedIds = new Set(response.data.map((user) => user.id));
      queryClient.setQueryData(key, {
        assigned: response.data,
        unassigned: all.filter((user) => !assignedIds.has(user.id)),
      });
      void nextKeys;
      // the change is saved at once: say so (the dialog has no separate save step)
      void message.success(t('workspace.projects.shareSaved', { count: response.data.length }));
    } catch (error) {
      notify.failure(error, t('workspace.projects.share'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={project !== null}
      title={t('workspace.projects.shareTitle', { name: project?.name ?? '' })}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="share-done">
          {t('workspace.projects.shareDone')}
        </Button>
      }
      width={720}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('workspace.projects.shareHelp')}
      </Typography.Paragraph>
      <Transfer
        dataSource={all.map((user) => ({ ...user, key: String(user.id) }))}
        targetKeys={targetKeys}
        titles={[t('workspace.projects.shareUnassigned'), t('workspace.projects.shareAssigned')]}
        render={(user) =>
          `${user.full_name} · ${user.email} · ${t(`role.${user.role}` as 'role.Owner')}`
        }
        onChange={(next, direction, moved) => void change(next, direction, moved)}
        disabled={busy || users.isLoading}
        showSearch
        // counts with German plurals ("0 Personen", "1 Person"), not antd's "0 Eintrag"
        selectAllLabels={[0, 1].map(
          () =>
            ({ selectedCount, totalCount }: { selectedCount: number; totalCount: number }) => {
              const people = t('workspace.projects.sharePeople', { count: totalCount });
              return selectedCount > 0
                ? t('workspace.projects.sharePeopleSelected', { selected: selectedCount, people })
                : people;
            },
        )}
        styles={{ section: { width: 320, height: 340 } }}
      />
    </Modal>
  );
};
