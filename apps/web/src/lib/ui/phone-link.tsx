import { formatPhone, phoneHref } from '@dd/domain';
import { Anchor, type AnchorProps } from '@mantine/core';

/**
 * A stored phone as people read it (docs/product.md §F13): a valid number written internationally as a
 * `tel:` link to its E.164 form; a value kept from before numbers were checked as plain text, never a link
 * that dials nonsense. `children` replaces the shown text (a 'Call' link).
 */
export function PhoneLink({
  phone,
  children,
  ...props
}: { phone: string | null | undefined; children?: React.ReactNode } & AnchorProps & {
    'aria-label'?: string;
    title?: string;
  }) {
  if (!phone) return null;
  const href = phoneHref(phone);
  const text = formatPhone(phone);
  if (!href) return <span>{children ?? text}</span>;
  return (
    <Anchor href={href} {...props}>
      {children ?? text}
    </Anchor>
  );
}
