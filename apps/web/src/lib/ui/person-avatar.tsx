import { initials } from '@dd/domain';
import { Avatar } from '@mantine/core';

/** A person's picture where they have one (users.avatar), else their initials in the brand colour. */
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
    <Avatar src={avatar} alt="" size={size} radius="xl" color="brand">
      {initials(name)}
    </Avatar>
  );
}
