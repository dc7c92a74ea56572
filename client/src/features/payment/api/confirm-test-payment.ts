import type { TestConfirmPaymentInput, TestConfirmResponse } from '@toolworks/contract/payments';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The built-in test gateway's stand-in for Stripe's confirmCardPayment. */
export function confirmTestPayment(input: TestConfirmPaymentInput) {
  return api.post<TestConfirmResponse>('/payments/test/confirm', input);
}

export function useConfirmTestPayment() {
  return useMutation({ mutationFn: confirmTestPayment });
}
