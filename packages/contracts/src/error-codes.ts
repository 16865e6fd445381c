/**
 * Error codes shared by engine, server and web. The web renders each with t('error.<CODE>');
 * the server puts the English product text of ERROR_MESSAGES into `status_message`.
 */
export const ERROR_CODES = [
  // generic
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'TOKEN_INVALID',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  // field-level validation
  'REQUIRED',
  'INVALID_TYPE',
  'INVALID_EMAIL',
  'INVALID_PHONE',
  'INVALID_POSTAL_CODE',
  'TOO_SHORT',
  'TOO_LONG',
  'TOO_SMALL',
  'TOO_BIG',
  'INVALID_VALUE',
  'NOT_AN_INTEGER',
  'NOT_UNIQUE',
  'PASSWORD_RULES',
  'PASSWORD_MISMATCH',
  'TERMS_NOT_ACCEPTED',
  // accounts
  'EMAIL_TAKEN',
  'EMAIL_NOT_FOUND',
  'WRONG_PASSWORD',
  'ACCOUNT_NOT_ACTIVATED',
  'ACCOUNT_ALREADY_ACTIVE',
  'ACCOUNT_DEACTIVATED',
  'OTP_INCORRECT',
  'OTP_EXPIRED',
  'OTP_TOO_MANY_ATTEMPTS',
  'OTP_RESEND_TOO_SOON',
  'OTP_NOT_VERIFIED',
  'WRONG_OLD_PASSWORD',
  'PASSWORD_UNCHANGED',
  'GUEST_READ_ONLY',
  'ROLE_NOT_ALLOWED',
  'IMAGE_TYPE',
  'COUNTRY_NOT_FOUND',
  // request format
  'INVALID_JSON',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** English product texts used as `status_message` (the UI translates by code). */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'Error: the request contains invalid values',
  UNAUTHENTICATED: 'Error: authentication required',
  TOKEN_EXPIRED: 'Error: token has expired',
  TOKEN_INVALID: 'Error: invalid token',
  FORBIDDEN: 'Error: you do not have permission for this action',
  NOT_FOUND: 'Error: not found',
  CONFLICT: 'Error: conflict',
  PAYLOAD_TOO_LARGE: 'Error: the request is too large',
  UNSUPPORTED_MEDIA_TYPE: 'Error: unsupported media type',
  RATE_LIMITED: 'Error: too many requests, please try again later',
  INTERNAL: 'Error: General software failure',
  REQUIRED: 'Error: this field is required',
  INVALID_TYPE: 'Error: invalid type',
  INVALID_EMAIL: 'Error: invalid e-mail address',
  INVALID_PHONE: 'Error: invalid phone number',
  INVALID_POSTAL_CODE: 'Error: Postal code must contain 4 to 10 digits.',
  TOO_SHORT: 'Error: value is too short',
  TOO_LONG: 'Error: value is too long',
  TOO_SMALL: 'Error: value is too small',
  TOO_BIG: 'Error: value is too big',
  INVALID_VALUE: 'Error: invalid value',
  NOT_AN_INTEGER:
    'Error: The number you just entered is not valid. Please enter a positive integer greater than or as 0',
  NOT_UNIQUE: 'Error: This field must be unique',
  PASSWORD_RULES:
    'Error: the password must have 8 to 16 characters with an uppercase letter, a digit and a special character',
  PASSWORD_MISMATCH: 'Error: the password confirmation does not match',
  TERMS_NOT_ACCEPTED: 'Error: the terms and conditions must be accepted',
  EMAIL_TAKEN:
    'Error: This email was already taken, please register with a different email address.',
  EMAIL_NOT_FOUND: 'Error: Email does not exist',
  WRONG_PASSWORD: 'Error: Incorrect Password',
  ACCOUNT_NOT_ACTIVATED: 'Error: Your account has not been activated',
  ACCOUNT_ALREADY_ACTIVE: 'Error: this account is already active',
  ACCOUNT_DEACTIVATED: 'Error: this account has been deactivated',
  OTP_INCORRECT: 'Error: Incorrect verification code',
  OTP_EXPIRED: 'Error: the verification code has expired, please request a new one',
  OTP_TOO_MANY_ATTEMPTS: 'Error: too many wrong codes, please request a new one',
  OTP_RESEND_TOO_SOON: 'Error: please wait a minute before requesting a new code',
  OTP_NOT_VERIFIED: 'Error: the e-mail address has not been verified yet',
  WRONG_OLD_PASSWORD: 'Error: Wrong Old Password',
  PASSWORD_UNCHANGED: 'Error: New password is the same with old password',
  GUEST_READ_ONLY: 'Error: Guest users do not have access to this feature.',
  ROLE_NOT_ALLOWED: 'Error: Not allowed to assign users the role of manager or admin',
  IMAGE_TYPE: 'Error: only PNG or JPEG images are supported',
  COUNTRY_NOT_FOUND: 'Error: unknown country',
  INVALID_JSON: 'Error: the request body is not valid JSON',
};

/** HTTP status for each error code; field-level codes are always reported inside VALIDATION_FAILED (400). */
export const ERROR_HTTP_STATUS: Partial<Record<ErrorCode, number>> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  TOKEN_INVALID: 401,
  FORBIDDEN: 403,
  ACCOUNT_NOT_ACTIVATED: 403,
  ACCOUNT_DEACTIVATED: 403,
  GUEST_READ_ONLY: 403,
  ROLE_NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  OTP_RESEND_TOO_SOON: 429,
  OTP_TOO_MANY_ATTEMPTS: 429,
  INTERNAL: 500,
};

/** HTTP status for an error code (400 when the code is a plain user mistake). */
export const httpStatusFor = (code: ErrorCode): number => ERROR_HTTP_STATUS[code] ?? 400;
