import { Avatar, type AvatarProps } from '@mantine/core';

/** A user's avatar, or their initials when they have none. */
export function UserAvatar({ src, name, ...rest }: { src?: string | null; name: string } & AvatarProps) {
  return <Avatar src={src ?? undefined} name={name} color="initials" alt={name} {...rest} />;
}
