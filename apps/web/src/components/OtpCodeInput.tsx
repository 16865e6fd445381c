import { Input, type InputProps } from 'antd';

/**
 * The 6-digit one-time code field of sign-up, password reset and the invitation: numeric keyboard, the
 * browser's one-time-code autofill, at most 6 characters. Form.Item's value/onChange pass through `props`.
 */
export const OtpCodeInput = (props: InputProps) => (
  <Input
    name="otp"
    className="pp-otp-input"
    inputMode="numeric"
    autoComplete="one-time-code"
    maxLength={6}
    {...props}
  />
);
