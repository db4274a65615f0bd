import type { ReactNode } from 'react';

/** Issue 40: the parent's menu entries (a link per child, the weekly summaries); `link` draws one entry as the menu does. */
export function ParentNav({ link }: { link: (to: string, label: string, icon: ReactNode) => ReactNode }) {
  return <>{link('/ringkasan', 'Ringkasan Mingguan', null)}</>;
}
