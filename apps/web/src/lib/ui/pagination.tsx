import { Group, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { pageTarget, paginationModel } from './pagination-model.ts';

type PaginationProps = {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  label: string;
};

function PageButton(props: {
  children: ReactNode;
  label: string;
  current?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <UnstyledButton
      onClick={props.onClick}
      aria-label={props.label}
      aria-current={props.current ? 'page' : undefined}
      aria-disabled={props.disabled || undefined}
      miw={36}
      h={36}
      px={8}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        borderRadius: 6,
        border: '1px solid var(--mantine-color-gray-4)',
        background: props.current ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-white)',
        color: props.current ? 'var(--mantine-color-white)' : 'var(--mantine-color-dark-7)',
        opacity: props.disabled ? 0.5 : 1,
        fontWeight: 600,
      }}
    >
      {props.children}
    </UnstyledButton>
  );
}

/** The tables' pagination (docs/product.md §A2): hidden for one page, arrows from four, three sliding numbers. */
export function Pagination({ page, pageCount, onChange, label }: PaginationProps) {
  const model = paginationModel(page, pageCount);
  if (!model.visible) return null;
  const go = (target: number) => {
    const next = pageTarget(target, page, pageCount);
    if (next !== null) onChange(next);
  };
  return (
    <nav aria-label={label}>
      <Group gap={6} justify="center" wrap="nowrap">
        {model.arrows && (
          <>
            <PageButton label="First page" disabled={page <= 1} onClick={() => go(1)}>
              «
            </PageButton>
            <PageButton label="Previous page" disabled={page <= 1} onClick={() => go(page - 1)}>
              ‹
            </PageButton>
          </>
        )}
        {model.numbers.map((n) => (
          <PageButton key={n} label={`Page ${n}`} current={n === page} onClick={() => go(n)}>
            {n}
            {n === page && <VisuallyHidden>(current)</VisuallyHidden>}
          </PageButton>
        ))}
        {model.arrows && (
          <>
            <PageButton label="Next page" disabled={page >= pageCount} onClick={() => go(page + 1)}>
              ›
            </PageButton>
            <PageButton label="Last page" disabled={page >= pageCount} onClick={() => go(pageCount)}>
              »
            </PageButton>
          </>
        )}
      </Group>
    </nav>
  );
}
