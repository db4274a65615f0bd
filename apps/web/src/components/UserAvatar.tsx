import { Avatar, type AvatarProps } from '@mantine/core';
import { useDataSaver } from '../lib/data-saver';

/**
 * A user's avatar, or their initials when they have none — or when Hemat data is on (no photo is
 * loaded then). The initials keep the light colour of the name but are written in a dark shade, so
 * they stay readable on every background colour (WCAG AA).
 */
export function UserAvatar({ src, name, ...rest }: { src?: string | null; name: string } & AvatarProps) {
  const saver = useDataSaver();
  return (
    <Avatar
      src={saver ? undefined : (src ?? undefined)}
      name={name}
      color="initials"
      alt={name}
      styles={{ placeholder: { color: 'var(--mantine-color-dark-7)' } }}
      {...rest}
    />
  );
}
