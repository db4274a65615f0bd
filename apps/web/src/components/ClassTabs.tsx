import type { ReactNode } from 'react';
import { Tabs } from '@mantine/core';

/** The class page's two tabs, "Konten" (default) and "Tentang", for teachers and students alike. */
export function ClassTabs({ konten, tentang }: { konten: ReactNode; tentang: ReactNode }) {
  return (
    <Tabs defaultValue="konten" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="konten">Konten</Tabs.Tab>
        <Tabs.Tab value="tentang">Tentang</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="konten" pt="md">
        {konten}
      </Tabs.Panel>
      <Tabs.Panel value="tentang" pt="md">
        {tentang}
      </Tabs.Panel>
    </Tabs>
  );
}
