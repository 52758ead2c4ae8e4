import type { EmailChangeAnswer } from '@dd/domain';
import { useMutation } from '@tanstack/react-query';
import { read, toDocument } from '../../../lib/api-client.ts';

export type EmailChangeAction = 'confirm' | 'cancel';
export type EmailChangeState = EmailChangeAnswer['meta']['state'];

/**
 * POST /api/email-change/{confirm,cancel} with the link's token: what the link did (confirmed,
 * cancelled, or set the old address back). A used or expired link is a 422 the page explains.
 */
export async function answerEmailChange(input: { action: EmailChangeAction; token: string }) {
  const options = { body: toDocument('email-change', { token: input.token }), suppressErrorToast: true };
  const { meta } =
    input.action === 'confirm'
      ? await read('POST /api/email-change/confirm', options)
      : await read('POST /api/email-change/cancel', options);
  return meta.state;
}

export function useAnswerEmailChange() {
  return useMutation({ mutationFn: answerEmailChange });
}
