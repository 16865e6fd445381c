import { AddEmployeeSchema, EmailSchema, PhoneSchema, type Role } from '@pfahlplaner/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../lib/forms/zod-rules';

const rules = {
  full_name: [zodRule(AddEmployeeSchema.shape.full_name)],
  email: [zodRule(EmailSchema)],
  phone: [zodRule(PhoneSchema.or(AddEmployeeSchema.shape.phone))],
};

/** The roles a user may be given, as options of a select in the UI language. */
export const roleOptions = (roles: Role[], t: (k: `role.${Role}`) => string) =>
  roles.map((r) => ({ value: r, label: t(`role.${r}`) }));

/** Name, e-mail and phone of a user (add and edit dialogs). */
export const UserInfoFields = () => {
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
