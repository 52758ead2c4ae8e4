import { Button, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../auth/api/get-session.ts';

/** What the get-started wizard passes along when it ends on the new project (docs/product.md §F5). */
export type WelcomeState = { welcome?: boolean };

export const ATTACH_SECTION_ID = 'project-specification';

/** True on the first arrival after sign-up, until the welcome is dismissed. */
export function useWelcome(): boolean {
  const state = useLocation().state as WelcomeState | null;
  return state?.welcome === true;
}

/**
 * After sign-up: a welcome that names the next step (attach the documents) and takes the client there
 * on request, instead of scrolling the page by itself; once files or links are attached, it says so.
 */
export function WelcomeCard({ projectTitle, hasDocuments }: { projectTitle: string; hasDocuments: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const firstName = session?.name.split(' ')[0] ?? '';
  const dismiss = () => navigate(pathname, { replace: true, state: null });
  const goToAttach = () => {
    const target = document.getElementById(ATTACH_SECTION_ID);
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    const attach = [...(target?.querySelectorAll('button') ?? [])].find((b) =>
      b.textContent?.includes('Attach files'),
    );
    attach?.focus({ preventScroll: true });
  };
  return (
    <Paper
      radius="md"
      p="md"
      bg="var(--mantine-primary-color-light)"
      component="section"
      aria-labelledby="welcome-title"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={6}>
          <Title order={2} size="h4" id="welcome-title">
            {firstName ? `Welcome, ${firstName}!` : 'Welcome!'}
          </Title>
          <Text size="sm">
            Your request for <strong>{projectTitle}</strong> is saved and the team has it.
          </Text>
          {hasDocuments ? (
            // Once something is attached the step is done: saying otherwise would be untrue.
            <Text size="sm">Your documents are attached: the team has them.</Text>
          ) : (
            <>
              <Text size="sm">
                <strong>Next step:</strong> attach your documents — a brief, designs or links — so the team
                can start with everything they need.
              </Text>
              <Group gap="xs" mt={4}>
                <Button size="sm" onClick={goToAttach}>
                  Attach documents
                </Button>
              </Group>
            </>
          )}
        </Stack>
        <CloseButton aria-label="Dismiss the welcome" onClick={dismiss} />
      </Group>
    </Paper>
  );
}
