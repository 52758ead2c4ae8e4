import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

// Fictional customers, drawn here so the page loads nothing from elsewhere.
const LOGOS: Array<{ name: string; mark: ReactNode }> = [
  { name: 'Northwind Labs', mark: <path d="M4 20 12 4l8 16h-5l-3-6-3 6z" /> },
  { name: 'Bluefin', mark: <path d="M3 12c4-7 12-7 18 0-6 7-14 7-18 0zm13 0a2 2 0 1 0 0 .1z" /> },
  { name: 'Kitestring', mark: <path d="M12 2 20 10 12 22 4 10z" /> },
  {
    name: 'Orbitly',
    mark: <path d="M12 5a7 7 0 1 1 0 14 7 7 0 0 1 0-14zm0 4a3 3 0 1 0 0 6 3 3 0 0 0 0-6z" />,
  },
  { name: 'Meridian Health', mark: <path d="M9 3h6v6h6v6h-6v6H9v-6H3V9h6z" /> },
  { name: 'Parcelpoint', mark: <path d="M3 7l9-4 9 4v10l-9 4-9-4zm9 1L6 6v2l6 3 6-3V6z" /> },
];

function CompanyLogo({ name, mark }: { name: string; mark: ReactNode }) {
  return (
    <svg
      viewBox="0 0 160 32"
      width="100%"
      height="32"
      role="img"
      aria-label={name}
      className="dd-trusted-logo"
    >
      <g transform="translate(0 4)" fill="currentColor">
        {mark}
      </g>
      <text x="30" y="21" fontSize="14" fontWeight="700" fill="currentColor" fontFamily="inherit">
        {name}
      </text>
    </svg>
  );
}

/** The trusted-by logo strip beside the wizard (docs/product.md §C1). */
export function TrustedBy() {
  return (
    <Stack gap="md" component="aside" aria-labelledby="trusted-by-title">
      <Text
        id="trusted-by-title"
        size="sm"
        fw={700}
        tt="uppercase"
        c="dimmed"
        style={{ letterSpacing: '0.06em' }}
      >
        Trusted by teams at
      </Text>
      <SimpleGrid cols={{ base: 2, md: 1 }} spacing="md" verticalSpacing="lg">
        {LOGOS.map((logo) => (
          <CompanyLogo key={logo.name} {...logo} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
