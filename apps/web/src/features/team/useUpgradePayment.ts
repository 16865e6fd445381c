import type { Billing, PendingPayment, UpgradeResult } from '@pfahlplaner/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n';
import { ApiError } from '../../lib/http/api-error';
import { useNotify } from '../../lib/notify/useNotify';
import { ME_QUERY_KEY } from '../auth/session';
import { teamApi } from './api';
import type { CardFieldError, CardStepResult } from './CardStep';
import type { CompanyValues } from './useCompanyEmail';
import { subscriptionKey } from './useSubscription';

type Order = {
  companyId: number | undefined;
  company: CompanyValues | null;
  billing: Billing;
  users: number | null;
  /** Moves the wizard to a step (2: card, 3: confirmation or authentication). */
  setStep: (step: number) => void;
};

/**
 * The card and the payment of the upgrade: the card step's result and the server's card errors, the payment
 * itself, a payment waiting for 3-D Secure (the server answered 202), and the paid result.
 */
export const useUpgradePayment = ({ companyId, company, billing, users, setStep }: Order) => {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<UpgradeResult | null>(null);
  const [cardResult, setCardResult] = useState<CardStepResult | null>(null);
  const [cardErrors, setCardErrors] = useState<CardFieldError[]>([]);
  /** A payment waiting for 3-D Secure (the server answered 202): the authentication step is shown. */
  const [pending, setPending] = useState<PendingPayment | null>(null);

  const pay = useMutation({
    mutationFn: () => {
      if (!company || !cardResult || users == null) throw new Error('incomplete');
      const { otp: _otp, ...companyData } = company;
      return teamApi.upgrade({
        company: { ...companyData, country_id: companyData.country_id },
        company_verify_email: company.email,
        billing,
        users,
        payment: cardResult.payment,
      });
    },
    onSuccess: ({ data }) => {
      if ('pending_payment' in data) setPending(data.pending_payment);
      else completed(data);
    },
    onError: (error) => failed(error),
  });

  /** The paid period is written: the result page. */
  function completed(data: UpgradeResult) {
    setPending(null);
    notify.success(201, t('team.upgrade.done'));
    setResult(data);
    void queryClient.invalidateQueries({ queryKey: subscriptionKey(companyId) });
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  }
  /** The payment did not go through (declined, refused by the bank, expired): back to the card step. */
  function failed(error: unknown) {
    setPending(null);
    notify.failure(error, t('team.upgrade.failed'));
    setStep(2);
    // Card problems (payment.card_number, payment.expiry, …) are shown at the card step. A Stripe
    // PaymentMethod is used up by a failed confirmation: the card is entered again.
    if (cardResult?.payment.provider === 'stripe') setCardResult(null);
    if (error instanceof ApiError) {
      setCardErrors(
        error.details
          .filter((d) => d.path.startsWith('payment.'))
          .map((d) => ({ name: d.path.slice('payment.'.length), errors: [errorText(d.code)] })),
      );
    }
  }
  /** Leaves the authentication step; the next payment attempt gives the waiting one up on the server. */
  function otherCard() {
    setPending(null);
    setCardErrors([]);
    if (cardResult?.payment.provider === 'stripe') setCardResult(null);
    setStep(2);
  }
  /** The card step is done: on to the confirmation. */
  const cardNext = (next: CardStepResult) => {
    setCardErrors([]);
    setCardResult(next);
    setStep(3);
  };

  return { pay, result, cardResult, cardErrors, pending, completed, failed, otherCard, cardNext };
};
