import { Badge } from '@mantine/core';
import type { Visibility } from '@kelasku/contract';
import { formatDateTimeWib } from '../lib/format';
import { useNow } from '../lib/now';

/** "Draf" for a hidden content or item, "Terjadwal <date WIB>" for one students see only later; nothing once shown. */
export function VisibilityBadge({ visibility: v }: { visibility: Visibility }) {
  // Renewed every half minute: a schedule whose time has come loses its badge on an open page.
  const now = useNow(30_000);
  if (v.hidden) {
    return (
      <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
        Draf
      </Badge>
    );
  }
  if (v.publish_at && Date.parse(v.publish_at) > now) {
    return (
      <Badge variant="light" color="violet" style={{ flexShrink: 0 }}>
        Terjadwal {formatDateTimeWib(v.publish_at)}
      </Badge>
    );
  }
  return null;
}
