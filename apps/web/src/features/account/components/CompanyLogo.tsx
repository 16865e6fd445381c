import type { User } from '@pfahlplaner/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../lib/notify/useNotify';
import { useUpdateStoredUser } from '../../auth/session';
import { accountApi } from '../api';

const ACCEPTED = ['image/png', 'image/jpeg'];

/** Shows the company logo and lets owners and admins upload a PNG or JPEG. */
export const CompanyLogo = ({ user, canEdit }: { user: User; canEdit: boolean }) => {
  const { t } = useTranslation();
  const notify = useNotify();
  const updateStoredUser = useUpdateStoredUser();
  const { company } = user;

  const upload = useMutation({
    mutationFn: (file: File) => accountApi.uploadLogo(company.id, file),
    onSuccess: ({ status, data }) => {
      updateStoredUser({ ...user, company: { ...company, logo: data.logo } });
      notify.success(status, t('account.logoUploaded'));
    },
    onError: (error) => notify.failure(error, t('account.logoFailed')),
  });

  return (
    <aside className="pp-logo-card" aria-label={t('account.logoTitle')}>
      <div className="pp-logo-card__title">{t('account.logoTitle')}</div>
      <div className="pp-logo-card__preview">
        {company.logo ? (
          <img
            src={company.logo}
            alt={t('account.logoAlt', { name: company.name })}
            data-testid="company-logo"
          />
        ) : (
          <span className="pp-muted">{t('account.logoNone')}</span>
        )}
      </div>
      <p className="pp-logo-card__hint">{t('account.logoHint')}</p>
      {canEdit && (
        <Upload
          id="company_logo"
          accept={ACCEPTED.join(',')}
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            upload.mutate(file);
            return false;
          }}
        >
          <Button loading={upload.isPending} data-testid="logo-upload">
            {t('account.logoUpload')}
          </Button>
        </Upload>
      )}
    </aside>
  );
};
