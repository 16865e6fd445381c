import { App, type FormInstance } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n';
import { detailsToFieldErrors } from '../forms/error-paths';
import { ApiError, SessionExpiredError } from '../http/api-error';
import { decideFailure, decideSuccess, type NotifyDecision, type Translate } from './notify-rules';

export type FailureOptions = {
  /** Marks the fields named in `error.details[].path` on this form. */
  form?: FormInstance;
  /** Prefix of the field label keys for detail paths (`company.` → `field.company.<path>.label`). */
  labelPrefix?: string;
};

/** Shows success and failure feedback following the product's notification rules. */
export const useNotify = () => {
  const { message, notification } = App.useApp();
  const { t, i18n } = useTranslation();

  const translate: Translate = useCallback(
    (key) => (i18n.exists(key) ? i18n.t(key as 'common.appName') : null),
    [i18n],
  );

  const show = useCallback(
    (decision: NotifyDecision) => {
      switch (decision.kind) {
        case 'none':
          return;
        case 'success':
          void message.success({ content: decision.text, duration: decision.seconds });
          return;
        case 'error':
          notification.error({
            title: decision.title,
            description: decision.description,
            duration: decision.seconds,
            placement: 'topRight',
          });
      }
    },
    [message, notification],
  );

  const success = useCallback(
    (status: number, text: string) => show(decideSuccess(status, text)),
    [show],
  );

  const failure = useCallback(
    (error: unknown, context: string, options: FailureOptions = {}) => {
      const api = error instanceof ApiError ? error : null;
      const prefix = options.labelPrefix ?? '';
      if (options.form && api) {
        options.form.setFields(
          detailsToFieldErrors(api.details).map(({ name, code }) => ({
            name,
            errors: [errorText(code)],
          })),
        );
      }
      show(
        decideFailure(
          {
            status: api?.status ?? 0,
            statusMessage: api?.body?.status_message ?? null,
            code: api?.code ?? null,
            details: api?.details ?? [],
            isSessionEnd: error instanceof SessionExpiredError,
          },
          context,
          translate,
          (path) => translate(`field.${prefix}${path}.label`),
        ),
      );
    },
    [show, translate],
  );

  /** Closes open error notifications (e.g. a failed attempt once the retry succeeded). */
  const clear = useCallback(() => notification.destroy(), [notification]);

  return useMemo(() => ({ success, failure, clear, t }), [success, failure, clear, t]);
};
