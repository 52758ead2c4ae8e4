import { Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { pickSessionTestimonial, type Testimonial } from './testimonials.ts';

function Portrait({ photo }: { photo: Testimonial['photo'] }) {
  const gradientId = `portrait-${photo.initials}`;
  return (
    <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={photo.from} />
          <stop offset="1" stopColor={photo.to} />
        </linearGradient>
      </defs>
      <circle cx="28" cy="28" r="28" fill={`url(#${gradientId})`} />
      <text
        x="28"
        y="29"
        textAnchor="middle"
        dominantBaseline="middle"
        fill="#fff"
        fontSize="19"
        fontWeight="700"
        fontFamily="inherit"
      >
        {photo.initials}
      </text>
    </svg>
  );
}

function Stars() {
  return (
    <Group gap={2} aria-hidden="true" wrap="nowrap">
      {[0, 1, 2, 3, 4].map((star) => (
        <svg key={star} width="18" height="18" viewBox="0 0 20 20" focusable="false" aria-hidden="true">
          <path
            d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z"
            fill="#f5a524"
          />
        </svg>
      ))}
    </Group>
  );
}

/** The testimonial card beside the login screens: one per browser session (docs/product.md §C1). */
export function TestimonialCard() {
  const [testimonial] = useState(() => pickSessionTestimonial());
  return (
    <Paper component="figure" m={0} p={{ base: 'lg', md: 32 }} radius="lg" shadow="sm" withBorder maw={460}>
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <Stars />
          <Text size="sm" fw={700} c="gray.8">
            <VisuallyHidden>Rated </VisuallyHidden>
            {testimonial.rating}
            <Text span size="sm" c="dimmed" fw={500}>
              {' '}
              out of 5
            </Text>
          </Text>
        </Group>
        <Text fw={700} size="lg" c="gray.9" lh={1.35}>
          {testimonial.highlight}
        </Text>
        <Text component="blockquote" m={0} c="gray.7" lh={1.6}>
          “{testimonial.quote}”
        </Text>
        <Group component="figcaption" gap="sm" wrap="nowrap">
          <Portrait photo={testimonial.photo} />
          <div>
            <Text fw={700} c="gray.9">
              {testimonial.author}
            </Text>
            <Text size="sm" c="dimmed">
              {testimonial.role}
            </Text>
          </div>
        </Group>
      </Stack>
    </Paper>
  );
}
