import type { Employee } from '@pfahlplaner/contracts';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Removing a user is done by support: the dialog names the user's id and whom to contact. */
export const RemoveUserModal = ({
  employee,
  onClose,
}: {
  employee: Employee;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('team.users.removeTitle')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.back')}</Button>}
    >
      <p>{t('team.users.removeText')}</p>
      <p data-testid="remove-user-id">
        <strong>
          {t('team.users.userId')}: {employee.id}
        </strong>{' '}
        ({employee.full_name}, {employee.email})
      </p>
      <p className="pp-muted">{t('team.users.removeContact')}</p>
    </Modal>
  );
};
