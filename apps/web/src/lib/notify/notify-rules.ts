/**
 * The product's notification rules as a pure decision, so they are unit-tested without antd:
 * - success (antd message, 3 s) on HTTP 200/201 when the action has a success text;
 * - 5xx: 'General software failure';
 * - 3xx–4xx: the action's context message plus the first field error (else the error code's text);
 * - nothing usable (network failure, no envelope, unknown code): 'Unable to retrieve error details';
 * - never shown: anything containing the German 'invalid access token' text (the session handling
 *   takes care of it) and an ended session (the user is sent to /login).
 */
export const MESSAGE_SECONDS = 3;
export const NOTIFICATION_SECONDS = 4.5;
export const HIDDEN_ERROR_PHRASE = 'Ungültiges Zugriffstoken';

/** Returns the translation, or null when the key has none. */
export type Translate = (key: string) => string | null;

export type FailureInput = {
  status: number;
  statusMessage?: string | null;
  code?: string | null;
  details?: { path: string; code: string }[];
  isSessionEnd?: boolean;
};

export type NotifyDecision =
  | { kind: 'none' }
  | { kind: 'success'; text: string; seconds: number }
  | { kind: 'error'; title: string; description: string; seconds: number };

const NONE: NotifyDecision = { kind: 'none' };

export const decideSuccess = (status: number, text: string | null | undefined): NotifyDecision =>
  (status === 200 || status === 201) && text
    ? { kind: 'success', text, seconds: MESSAGE_SECONDS }
    : NONE;

const errorText = (t: Translate, code: string | null | undefined): string | null =>
  code ? t(`error.${code}`) : null;

export const decideFailure = (
  failure: FailureInput,
  context: string,
  t: Translate,
  fieldLabel: (path: string) => string | null = () => null,
): NotifyDecision => {
  if (failure.isSessionEnd) return NONE;
  const unknown = t('notify.noDetails') ?? 'Unable to retrieve error details';
  let description: string;
  if (failure.status >= 500) {
    description = t('notify.generalFailure') ?? 'General software failure';
  } else if (failure.status >= 300 && failure.status < 500) {
    const first = failure.details?.[0];
    const fieldError = first ? errorText(t, first.code) : null;
    const label = first ? fieldLabel(first.path) : null;
    description =
      (fieldError && (label ? `${label}: ${fieldError}` : fieldError)) ??
      errorText(t, failure.code) ??
      unknown;
  } else {
    description = unknown;
  }
  const shown = [context, description, failure.statusMessage ?? ''];
  if (shown.some((text) => text.includes(HIDDEN_ERROR_PHRASE))) return NONE;
  return { kind: 'error', title: context, description, seconds: NOTIFICATION_SECONDS };
};
