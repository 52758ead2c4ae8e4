import { ActionIcon, Affix, Button, Group, Paper, Text } from '@mantine/core';
import { useAppConfig } from '../../lib/app-config.ts';
import { setLiveChatOpen, useLiveChatOpen } from '../../lib/live-chat-state.ts';

/**
 * The optional live-chat widget (docs/product.md §C1, §C6; docs/product.md §D1), on every screen of a signed-in client
 * and only when CHAT_WIDGET_URL is configured. The chat page is framed from its own origin, which the
 * server's CSP allows only when the variable is set; without it nothing is rendered and nothing is loaded.
 * The first-visit tour opens it through lib/live-chat-state.ts.
 */
export function LiveChat() {
  const { chatWidgetUrl } = useAppConfig();
  const opened = useLiveChatOpen();
  if (!chatWidgetUrl) return null;
  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={150}>
      {opened ? (
        <Paper
          withBorder
          shadow="lg"
          radius="md"
          component="aside"
          aria-label="Live chat"
          w={360}
          maw="calc(100vw - 32px)"
          style={{ overflow: 'hidden' }}
        >
          <Group justify="space-between" px="sm" py={6}>
            <Text size="sm" fw={600}>
              Chat with us
            </Text>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Close chat"
              onClick={() => setLiveChatOpen(false)}
            >
              ×
            </ActionIcon>
          </Group>
          <iframe
            src={chatWidgetUrl}
            title="Live chat"
            style={{ display: 'block', width: '100%', height: 'min(420px, 60vh)', border: 0 }}
          />
        </Paper>
      ) : (
        <Button radius="xl" onClick={() => setLiveChatOpen(true)}>
          Chat with us
        </Button>
      )}
    </Affix>
  );
}
