import type { ReactNode } from 'react';
import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';

const TABS = ['konten', 'presensi', 'nilai', 'rapor', 'tentang'] as const;
type Tab = (typeof TABS)[number];

/**
 * The class page's tabs, "Konten" (default) and "Tentang" for teachers and students alike, and
 * "Presensi" (meetings and attendance, issue 38) and "Nilai" (the gradebook) where the page gives them (the teacher's). The open tab lives in the
 * address (`?tab=nilai`), so a link can open it and coming back from an assignment finds it open.
 */
export function ClassTabs({
  konten,
  presensi,
  nilai,
  rapor,
  tentang,
}: {
  konten: ReactNode;
  presensi?: ReactNode;
  nilai?: ReactNode;
  /** Issue 39: the class's grade scheme, Nilai Akhir and e-Rapor (the teacher's). */
  rapor?: ReactNode;
  tentang: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const given = { nilai, presensi, rapor };
  const value: Tab = asked && TABS.includes(asked) && (!(asked in given) || given[asked as keyof typeof given]) ? asked : 'konten';
  const select = (tab: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (!tab || tab === 'konten') next.delete('tab');
        else next.set('tab', tab);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <Tabs value={value} onChange={select} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="konten">Konten</Tabs.Tab>
        {presensi && <Tabs.Tab value="presensi">Presensi</Tabs.Tab>}
        {nilai && <Tabs.Tab value="nilai">Nilai</Tabs.Tab>}
        {rapor && <Tabs.Tab value="rapor">Rapor</Tabs.Tab>}
        <Tabs.Tab value="tentang">Tentang</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="konten" pt="md">
        {konten}
      </Tabs.Panel>
      {presensi && (
        <Tabs.Panel value="presensi" pt="md">
          {presensi}
        </Tabs.Panel>
      )}
      {nilai && (
        <Tabs.Panel value="nilai" pt="md">
          {nilai}
        </Tabs.Panel>
      )}
      {rapor && (
        <Tabs.Panel value="rapor" pt="md">
          {rapor}
        </Tabs.Panel>
      )}
      <Tabs.Panel value="tentang" pt="md">
        {tentang}
      </Tabs.Panel>
    </Tabs>
  );
}
