import { initials } from '@dd/domain';
import { Avatar } from '@mantine/core';

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
    <Avatar src={avatar} alt="" size={size} radius="xl" color="blue">
      {initials(name)}
    </Avatar>
  );
}
