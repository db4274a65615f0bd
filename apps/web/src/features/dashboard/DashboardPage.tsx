import { lazy, Suspense } from 'react';
import { Title } from '@mantine/core';
import { getSessionUser } from '../../api/session';
import { LoadingDots } from '../../components/LoadingDots';

const byRole = {
  admin: lazy(() => import('../admin-dashboard/AdminDashboard')),
  teacher: lazy(() => import('../online-classes/TeacherDashboard')),
  student: lazy(() => import('../student-classes/StudentDashboard')),
  parent: lazy(() => import('../parents/ParentDashboard')),
};

/** /dashboard: each role's own dashboard; any other role sees only the heading. */
export default function DashboardPage() {
  const role = getSessionUser()?.role;
  const Dashboard = role ? byRole[role] : undefined;
  if (!Dashboard) return <Title order={2}>Dashboard</Title>;
  return (
    <Suspense fallback={<LoadingDots />}>
      <Dashboard />
    </Suspense>
  );
}
