import { describe, expect, it } from 'vitest';
import { RegisterStep1Schema } from '@pfahlplaner/contracts';
import { detailsToFieldErrors, issuesToFieldErrors, parseErrorPath } from './error-paths';

describe('parseErrorPath', () => {
  it.each([
    ['password', ['password']],
    ['company.name', ['company', 'name']],
    ['piles[3].SollDurchmesser', ['piles', 3, 'SollDurchmesser']],
    ['rows.0.Pname', ['rows', 0, 'Pname']],
    ['', []],
  ])('parses %j', (path, expected) => {
    expect(parseErrorPath(path)).toEqual(expected);
  });
});

describe('issuesToFieldErrors', () => {
  it('keeps the first code per field from a contracts schema', () => {
    const result = RegisterStep1Schema.safeParse({
      step: 1,
      full_name: '',
      email: 'nope',
      phone: '1',
      password: 'short',
      confirm_password: '',
      accept_terms: false,
    });
    expect(result.success).toBe(false);
    const errors = issuesToFieldErrors(result.error!.issues);
    expect(errors).toEqual(
      expect.arrayContaining([
        { name: ['full_name'], code: 'REQUIRED' },
        { name: ['email'], code: 'INVALID_EMAIL' },
        { name: ['phone'], code: 'INVALID_PHONE' },
        { name: ['password'], code: 'PASSWORD_RULES' },
        { name: ['accept_terms'], code: 'TERMS_NOT_ACCEPTED' },
      ]),
    );
    expect(errors.filter((e) => e.name[0] === 'password')).toHaveLength(1);
  });
});

describe('detailsToFieldErrors', () => {
  it('maps API details onto nested form fields', () => {
    expect(
      detailsToFieldErrors([
        { path: 'company.postal_code', code: 'INVALID_POSTAL_CODE' },
        { path: 'email', code: 'EMAIL_TAKEN' },
      ]),
    ).toEqual([
      { name: ['company', 'postal_code'], code: 'INVALID_POSTAL_CODE' },
      { name: ['email'], code: 'EMAIL_TAKEN' },
    ]);
  });
});
