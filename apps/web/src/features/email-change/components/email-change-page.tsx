import { Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import {
  type EmailChangeAction,
  type EmailChangeState,
  useAnswerEmailChange,
} from '../api/answer-email-change.ts';

const TITLES: Record<EmailChangeAction, string> = {
  confirm: 'Confirm your new e-mail address',
  cancel: 'Cancel the e-mail change',
};

const DONE: Record<EmailChangeState, { title: string; text: string }> = {
  confirmed: {
    title: 'Your e-mail address is confirmed',
    text: 'Your account now uses this address. Sign in with it, or keep using your login name.',
  },
  cancelled: {
    title: 'The change is cancelled',
    text: 'Your account keeps its e-mail address. Nothing else changed.',
  },
  reverted: {
    title: 'Your e-mail address is set back',
    text: 'The change had already been confirmed, so we set your previous address back and signed everyone out of your account. If you did not choose your current password, reset it now.',
  },
};

/**
 * /email-change/confirm?token= (the link mailed to the new address) and /email-change/cancel?token=
 * (the link mailed to the old one): the page sends the token once and says what happened.
 */
export function EmailChangePage() {
  const { action: raw } = useParams();
  const action: EmailChangeAction | null = raw === 'confirm' || raw === 'cancel' ? raw : null;
  useDocumentTitle(`${action ? TITLES[action] : 'E-mail change'} · Delivery Desk`);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const answer = useAnswerEmailChange();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !action || token === '') return;
    sent.current = true;
    answer.mutate({ action, token });
  }, [action, token, answer]);

  const invalid =
    !action || token === '' || (answer.isError && isApiError(answer.error) && answer.error.status < 500);

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {action ? TITLES[action] : 'E-mail change'}
      </Title>
      {invalid ? (
        <Paper withBorder radius="md" p="md" role="status">
          <Text fw={700} mb={4}>
            This link no longer works
          </Text>
          <Text size="sm">
            The link is invalid, has expired or was already used. A confirmation link works once, for 48
            hours; a cancel link for 7 days.
          </Text>
        </Paper>
      ) : answer.isError ? (
        <Stack gap="md" role="alert">
          <Text>We could not reach the server. Check your connection and try again.</Text>
          <Button
            onClick={() => action && answer.mutate({ action, token })}
            loading={answer.isPending}
            size="md"
          >
            Try again
          </Button>
        </Stack>
      ) : answer.isSuccess ? (
        <Paper withBorder radius="md" p="md" role="status">
          <Text fw={700} mb={4}>
            {DONE[answer.data].title}
          </Text>
          <Text size="sm">{DONE[answer.data].text}</Text>
        </Paper>
      ) : (
        <Stack align="center" py="lg" role="status" aria-live="polite">
          <Loader aria-hidden />
          <Text size="sm">Checking your link…</Text>
        </Stack>
      )}
      <Button component={Link} to="/" variant="default" size="md">
        Go to Delivery Desk
      </Button>
    </Stack>
  );
}
