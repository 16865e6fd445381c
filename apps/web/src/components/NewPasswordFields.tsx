import { Form, Input, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';

type NewPasswordFieldsProps = {
  /** Form field name of the new password (`password` or `new_password`, as in the API payload). */
  name: 'password' | 'new_password';
  /** i18n key of the password label. */
  labelKey: 'field.password.label' | 'field.new_password.label';
  passwordRules: FormRule[] | undefined;
  confirmRules: FormRule[] | undefined;
};

/** New password plus confirmation, with the password-rule hint; used by sign-up, reset and change password. */
export function NewPasswordFields({
  name,
  labelKey,
  passwordRules,
  confirmRules,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={name}
        label={t(labelKey)}
        rules={passwordRules}
        validateTrigger="onBlur"
        extra={t('auth.register.passwordHint')}
      >
        <Input.Password name={name} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={t('field.confirm_password.label')}
        dependencies={[name]}
        rules={confirmRules}
        validateTrigger="onBlur"
      >
        <Input.Password name="confirm_password" autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
