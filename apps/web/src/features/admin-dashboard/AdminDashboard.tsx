import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSchool, IconShieldCheck, IconUserStar, IconUsers } from '@tabler/icons-react';
import type { DashboardStats } from '@kelasku/contract';
import { useDashboardStats } from '../../api/admin-dashboard';
import { QueryState } from '../../components/QueryState';
import { BackupCard } from '../backup/BackupCard';

const TILES: { key: keyof DashboardStats; label: string; icon: React.ReactNode; color: string }[] = [
  { key: 'total_users', label: 'Total Users', icon: <IconUsers size={22} />, color: 'teal' },
  { key: 'total_admin', label: 'Total Admin', icon: <IconShieldCheck size={22} />, color: 'grape' },
  { key: 'total_teachers', label: 'Total Teachers', icon: <IconUserStar size={22} />, color: 'blue' },
  { key: 'total_students', label: 'Total Students', icon: <IconSchool size={22} />, color: 'orange' },
];

/** The admin's dashboard: four user totals from one call, and the backup download. */
export default function AdminDashboard() {
  const stats = useDashboardStats();
  return (
    <Stack>
      <Title order={2}>Dashboard</Title>
      <QueryState query={stats}>
        {(data) => (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            {TILES.map((t) => (
              <Card key={t.key} withBorder padding="lg" role="group" aria-label={t.label}>
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text size="sm" c="gray.7" fw={600}>
                      {t.label}
                    </Text>
                    <Text fz={32} fw={700} lh={1.2}>
                      {data[t.key]}
                    </Text>
                  </div>
                  <ThemeIcon size={44} radius="md" variant="light" color={t.color} aria-hidden>
                    {t.icon}
                  </ThemeIcon>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      <BackupCard />
    </Stack>
  );
}
