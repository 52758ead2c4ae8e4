import { Container, type MantineSize, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

/**
 * The frame of an admin page (docs/product.md §A2), a list or a New … form: the tab's title, the page's
 * heading (the title itself unless the page puts links beside it) and what follows.
 */
export function TitledPage(props: {
  title: string;
  size?: MantineSize;
  heading?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(`${props.title} · Delivery Desk`);
  return (
    <Container size={props.size ?? 'xl'} py="lg">
      {props.heading ?? (
        <Title order={1} mb="md">
          {props.title}
        </Title>
      )}
      {props.children}
    </Container>
  );
}
