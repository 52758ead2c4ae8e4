import { initials } from '@dd/domain';
import { Avatar } from '@mantine/core';

/**
 * A person's picture where they have one (users.avatar), else their initials in the brand colour.
 * Decorative: it always stands beside the person's name, so screen readers skip it (a table cell reads
 * 'Dana Dev', not 'DD Dana Dev').
 */
export function PersonAvatar({
  name,
  avatar,
  size = 36,
}: {
  name: string;
  avatar: string | null;
  size?: number;
}) {
  return (
    <Avatar src={avatar} alt="" aria-hidden size={size} radius="xl" color="brand">
      {initials(name)}
    </Avatar>
  );
}
