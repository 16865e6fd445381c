import {
  ConfirmEmailChangeSchema,
  EmailSchema,
  RequestOwnEmailChangeSchema,
  type User,
} from '@pfahlplaner/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseWithSchema, zodRule } from '../../../lib/forms/zod-rules';
import { tokenStore } from '../../../lib/http/token-store';
import { useNotify } from '../../../lib/notify/useNotify';
import { useUpdateStoredUser } from '../../auth/session';
import { usePreferences } from '../../preferences/usePreferences';
import { emailChangeApi } from '../email-change-api';

type RequestValues = { new_email: string; password: string };
type ConfirmValues = { otp: string };

const PENDING_KEY = ['user', 'me', 'email-change'] as const;
const rules = {
  new_email: [zodRule(EmailSchema)],
  password: [zodRule(RequestOwnEmailChangeSchema.shape.password)],
  otp: [zodRule(ConfirmEmailChangeSchema.shape.otp)],
};

/**
 * The sign-in address (ADR 0112): a new one needs the current password and applies only once the code mailed
 * to it is entered here — also when a manager proposed it. The answer of the confirmation signs this browser
 * in again (every other session ends).
 */
export const EmailChangeCard = ({ user }: { user: User }) => {
  const { t } = useTranslation();
  const notify = useNotify();
  const { language } = usePreferences();
  const queryClient = useQueryClient();
  const updateStoredUser = useUpdateStoredUser();
  const [requestForm] = Form.useForm<RequestValues>();
  const [confirmForm] = Form.useForm<ConfirmValues>();

  const pending = useQuery({
    queryKey: PENDING_KEY,
    queryFn: async () => (await emailChangeApi.pending()).data,
  });

  const request = useMutation({
    mutationFn: (body: RequestValues) => emailChangeApi.requestOwn({ ...body, lang: language }),
    onSuccess: ({ status, data }) => {
      requestForm.resetFields();
      notify.success(status, t('emailChange.requested', { email: data.new_email }));
      void queryClient.invalidateQueries({ queryKey: PENDING_KEY });
    },
    onError: (error) =>
      notify.failure(error, t('emailChange.requestFailed'), { form: requestForm }),
  });

  const confirm = useMutation({
    mutationFn: (body: ConfirmValues) => emailChangeApi.confirm(body.otp),
    onSuccess: ({ status, data }) => {
      tokenStore.saveTokens(data);
      updateStoredUser(data.user);
      confirmForm.resetFields();
      queryClient.setQueryData(PENDING_KEY, null);
      notify.success(status, t('emailChange.confirmed'));
    },
    onError: (error) =>
      notify.failure(error, t('emailChange.confirmFailed'), { form: confirmForm }),
  });

  const submitRequest = (values: RequestValues) => {
    const body = parseWithSchema(requestForm, RequestOwnEmailChangeSchema, values);
    if (body) request.mutate({ new_email: body.new_email, password: body.password });
  };
  const submitConfirm = (values: ConfirmValues) => {
    const body = parseWithSchema(confirmForm, ConfirmEmailChangeSchema, values);
    if (body) confirm.mutate(body);
  };

  const waiting = pending.data;
  return (
    <section className="pp-account-form" aria-label={t('emailChange.title')}>
      <h3>{t('emailChange.title')}</h3>
      <p data-testid="email-current">{t('emailChange.current', { email: user.email })}</p>
      {waiting && (
        <>
          <Alert
            type="info"
            showIcon
            data-testid="email-change-pending"
            message={t(
              waiting.requested_by_other ? 'emailChange.pendingByOther' : 'emailChange.pending',
              {
                email: waiting.new_email,
              },
            )}
          />
          <Form<ConfirmValues>
            form={confirmForm}
            name="email_change_confirm"
            layout="vertical"
            requiredMark={false}
            onFinish={submitConfirm}
            disabled={confirm.isPending}
          >
            <Form.Item
              name="otp"
              label={t('emailChange.code')}
              rules={rules.otp}
              validateTrigger="onBlur"
            >
              <Input name="otp" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              loading={confirm.isPending}
              data-testid="email-change-confirm"
            >
              {t('emailChange.confirm')}
            </Button>
          </Form>
        </>
      )}
      <p className="pp-muted">{t('emailChange.hint')}</p>
      <Form<RequestValues>
        form={requestForm}
        name="email_change"
        layout="vertical"
        requiredMark={false}
        onFinish={submitRequest}
        disabled={request.isPending}
      >
        <Form.Item
          name="new_email"
          label={t('emailChange.newEmail')}
          rules={rules.new_email}
          validateTrigger="onBlur"
        >
          <Input name="new_email" type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('emailChange.password')}
          rules={rules.password}
          validateTrigger="onBlur"
        >
          <Input.Password name="password" autoComplete="current-password" />
        </Form.Item>
        <Button htmlType="submit" loading={request.isPending} data-testid="email-change-request">
          {t('emailChange.request')}
        </Button>
      </Form>
    </section>
  );
};
