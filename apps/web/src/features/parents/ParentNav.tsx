import type { ReactNode } from 'react';
import { IconMoodKid, IconNews, IconUserPlus } from '@tabler/icons-react';
import { useMyChildren } from '../../api/parents';
import { firstName } from './child-summary';
import { usePrivacyAccepted } from './PrivacyGate';

/** Issue 40: the parent's menu entries (a link per child, the weekly summaries, pairing another child); `link` draws one entry as the menu does. */
export function ParentNav({ link }: { link: (to: string, label: string, icon: ReactNode) => ReactNode }) {
  // The children are asked once the privacy notice is accepted (the server refuses them before).
  const children = useMyChildren(usePrivacyAccepted());
  return (
    <>
      {(children.data ?? []).map((c) => link(`/anak/${c.id}`, firstName(c.name), <IconMoodKid size={18} />))}
      {link('/ringkasan', 'Ringkasan Mingguan', <IconNews size={18} />)}
      {link('/tambah-anak', 'Tambah Anak', <IconUserPlus size={18} />)}
    </>
  );
}

/**
 * The parent's entry in the phone's bottom navigation: their child's page (the first child's when
 * there are several; the others are in the menu), where izin requests are sent too.
 */
export function ParentBottomItem({ item }: { item: (to: string, label: string, icon: ReactNode) => ReactNode }) {
  const children = useMyChildren(usePrivacyAccepted());
  const first = children.data?.[0];
  return <>{item(first ? `/anak/${first.id}` : '/tambah-anak', 'Anak', <IconMoodKid size={20} />)}</>;
}
