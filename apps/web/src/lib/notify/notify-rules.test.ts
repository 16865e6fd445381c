import { describe, expect, it } from 'vitest';
import { decideFailure, decideSuccess, type Translate } from './notify-rules';

const texts: Record<string, string> = {
  'notify.noDetails': 'Fehlerdetails konnten nicht abgerufen werden',
  'notify.generalFailure': 'Allgemeiner Softwarefehler',
  'error.EMAIL_TAKEN': 'Diese E-Mail-Adresse ist bereits vergeben.',
  'error.PASSWORD_RULES': '8–16 Zeichen …',
  'error.VALIDATION_FAILED': 'Die Anfrage enthält ungültige Werte',
  'error.TOKEN_INVALID': 'Ungültiges Zugriffstoken',
};
const t: Translate = (key) => texts[key] ?? null;
const context = 'Registrierung fehlgeschlagen';

describe('decideSuccess', () => {
  it.each([200, 201])('shows the success text for %d for 3 s', (status) => {
    expect(decideSuccess(status, 'Gespeichert')).toEqual({
      kind: 'success',
      text: 'Gespeichert',
      seconds: 3,
    });
  });

  it('stays silent for other statuses or without a text', () => {
    expect(decideSuccess(204, 'Gespeichert')).toEqual({ kind: 'none' });
    expect(decideSuccess(200, null)).toEqual({ kind: 'none' });
  });
});

describe('decideFailure', () => {
  it('shows the general software failure on 5xx for 4.5 s', () => {
    expect(decideFailure({ status: 503, code: 'INTERNAL' }, context, t)).toEqual({
      kind: 'error',
      title: context,
      description: 'Allgemeiner Softwarefehler',
      seconds: 4.5,
    });
  });

  it('shows the context and the first field error with its label on 4xx', () => {
    const decision = decideFailure(
      {
        status: 400,
        code: 'VALIDATION_FAILED',
        details: [
          { path: 'password', code: 'PASSWORD_RULES' },
          { path: 'email', code: 'EMAIL_TAKEN' },
        ],
      },
      context,
      t,
      (path) => (path === 'password' ? 'Passwort' : null),
    );
    expect(decision).toMatchObject({
      kind: 'error',
      title: context,
      description: 'Passwort: 8–16 Zeichen …',
    });
  });

  it('falls back to the error code text when there are no details', () => {
    expect(
      decideFailure({ status: 409, code: 'EMAIL_TAKEN', details: [] }, context, t),
    ).toMatchObject({
      description: 'Diese E-Mail-Adresse ist bereits vergeben.',
    });
  });

  it('treats 3xx like 4xx', () => {
    expect(decideFailure({ status: 302, code: 'EMAIL_TAKEN' }, context, t)).toMatchObject({
      kind: 'error',
      description: 'Diese E-Mail-Adresse ist bereits vergeben.',
    });
  });

  it.each([
    ['a network failure', { status: 0 }],
    ['an unknown code', { status: 400, code: 'SOMETHING_NEW' }],
    ['a 4xx without envelope', { status: 404 }],
  ])('says it cannot retrieve details for %s', (_name, failure) => {
    expect(decideFailure(failure, context, t)).toMatchObject({
      description: 'Fehlerdetails konnten nicht abgerufen werden',
    });
  });

  it('hides errors containing the German invalid-access-token text', () => {
    expect(decideFailure({ status: 401, code: 'TOKEN_INVALID' }, context, t)).toEqual({
      kind: 'none',
    });
    expect(
      decideFailure({ status: 403, statusMessage: 'Fehler: Ungültiges Zugriffstoken' }, context, t),
    ).toEqual({ kind: 'none' });
  });

  it('hides an ended session', () => {
    expect(decideFailure({ status: 401, isSessionEnd: true }, context, t)).toEqual({
      kind: 'none',
    });
  });
});
