import { lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useRoutes, useSearchParams, type RouteObject } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { RoleName } from '@kelasku/contract';
import { getSessionUser, hasSession, loginAfter, sessionEndedBy, setSessionEndHandler } from './api/session';
import { LoadingDots } from './components/LoadingDots';
import { LoginLayout } from './layout/LoginLayout';
import { LoginPage } from './features/session/LoginPage';
import { NotFoundPage, PermissionDeniedPage } from './components/ErrorPages';
import { RouteErrorBoundary } from './features/errors/RouteError';
import { loginPath, safeNext } from './lib/next';
import { loadAppLayout, loadDashboardPage } from './layout/preload';

// The signed-in layout (sidebar, header, menus) is loaded on demand too: the login page stays light (bundle budget).
// The login page fetches it ahead (layout/preload.ts).
const AppLayout = lazy(() => loadAppLayout().then((m) => ({ default: m.AppLayout })));

// WEB_FOUNDATION_READY — feature pages are loaded on demand, so each role area is its own chunk.
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return (
    <Suspense fallback={<LoadingDots />}>
      <Page />
    </Suspense>
  );
};

/**
 * No stored session → /login, which returns here afterwards (a link shared by WhatsApp opens after
 * the login). A session that just ended in this tab re-renders the page before the session-end
 * handler's navigation is done: this one goes to the same login page, with the same notice, so
 * whichever lands last the notice stays.
 */
function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (hasSession()) return <>{children}</>;
  const end = sessionEndedBy();
  const { to, state } = end ? loginAfter(end) : { to: loginPath(location.pathname + location.search), state: null };
  return <Navigate to={to} state={state} replace />;
}

/** A logged-in user in another role's area → /permissiondenied (the server refuses it too). */
function RequireRole({ role }: { role: RoleName }) {
  return <RequireRoles roles={[role]} />;
}

function RequireRoles({ roles }: { roles: RoleName[] }) {
  const role = getSessionUser()?.role;
  return role && roles.includes(role) ? <Outlet /> : <Navigate to="/permissiondenied" replace />;
}

/** Only visitors without a session reach /login; a signed-in one goes on to where the login would have led. */
function GuestOnly({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  return hasSession() ? <Navigate to={safeNext(params.get('next')) ?? '/'} replace /> : <>{children}</>;
}

const routes: RouteObject[] = [
  {
    path: '/login',
    element: (
      <RouteErrorBoundary banner>
        <GuestOnly>
          <LoginLayout />
        </GuestOnly>
      </RouteErrorBoundary>
    ),
    children: [{ index: true, element: <LoginPage /> }],
  },
  {
    // Issue 40: a parent signs up with the code their child made.
    path: '/daftar-orang-tua',
    element: (
      <RouteErrorBoundary banner>
        <GuestOnly>
          <LoginLayout />
        </GuestOnly>
      </RouteErrorBoundary>
    ),
    children: [{ index: true, element: page(() => import('./features/parents/ParentSignupPage')) }],
  },
  {
    path: '/',
    // The layout failed (its own chunk did not arrive): the page stands alone, with its banner.
    element: (
      <RouteErrorBoundary banner>
        <RequireAuth>
          <Suspense fallback={<LoadingDots />}>
            <AppLayout />
          </Suspense>
        </RequireAuth>
      </RouteErrorBoundary>
    ),
    children: [
      {
        // A page that failed keeps the layout around it (menus, the offline banner).
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          { path: 'dashboard', element: page(loadDashboardPage) },
          { path: 'me', element: page(() => import('./features/profile/ProfilePage')) },
          {
            path: 'my-classes',
            element: <RequireRole role="student" />,
            children: [
              { path: ':classId', element: page(() => import('./features/student-classes/StudentClassPage')) },
              { path: ':classId/submissions/:assignmentId', element: page(() => import('./features/submissions/SubmissionPage')) },
              { path: ':classId/contents/:lessonId/forums/:forumId', element: page(() => import('./features/forums/StudentForumPage')) },
              // A quiz: its intro, an attempt, an attempt's result.
              {
                path: ':classId/contents/:lessonId/quizzes/:quizId',
                element: page(() => import('./features/quizzes/student/QuizIntroPage')),
              },
              {
                path: ':classId/contents/:lessonId/quizzes/:quizId/attempts/:attemptId',
                element: page(() => import('./features/quizzes/student/QuizAttemptPage')),
              },
              {
                path: ':classId/contents/:lessonId/quizzes/:quizId/attempts/:attemptId/result',
                element: page(() => import('./features/quizzes/student/QuizResultPage')),
              },
            ],
          },
          {
            // The student's own work across classes: "Tugas Saya" and "Nilai Saya".
            element: <RequireRole role="student" />,
            children: [
              { path: 'my-work', element: page(() => import('./features/my-work/MyWorkPage')) },
              { path: 'my-grades', element: page(() => import('./features/my-work/MyGradesPage')) },
              // Issue 38, Presensi: self check-in (and the QR code's address), the student's record, izin requests.
              { path: 'presensi', element: page(() => import('./features/checkin/StudentAttendancePage')) },
              { path: 'presensi/masuk', element: page(() => import('./features/checkin/CheckinLinkPage')) },
              { path: 'presensi/riwayat', element: page(() => import('./features/attendance-recaps/StudentRecordPage')) },
              { path: 'presensi/izin', element: page(() => import('./features/leave-requests/StudentLeavePage')) },
            ],
          },
          {
            path: 'online-class',
            element: <RequireRole role="teacher" />,
            children: [
              { path: 'arsip', element: page(() => import('./features/online-classes/ArchivePage')) },
              { path: ':classId', element: page(() => import('./features/online-classes/ClassDetailPage')) },
              // Issue 38, Presensi: a meeting's class list and journal, its self check-in screen, the class's recap.
              { path: ':classId/presensi/:meetingId', element: page(() => import('./features/attendance/MeetingPage')) },
              { path: ':classId/presensi/:meetingId/mandiri', element: page(() => import('./features/checkin/CheckinDisplayPage')) },
              { path: ':classId/rekap-presensi', element: page(() => import('./features/attendance-recaps/ClassRecapPage')) },
              {
                path: ':classId/contents/:lessonId/assignment/:assignmentId',
                element: page(() => import('./features/assignments/TeacherAssignmentPage')),
              },
              // Issue 39: every student of an assignment in one table, graded with the keyboard.
              {
                path: ':classId/contents/:lessonId/assignment/:assignmentId/cepat',
                element: page(() => import('./features/quick-grading/QuickGradingPage')),
              },
              {
                path: ':classId/contents/:lessonId/assignment/:assignmentId/students/:studentId',
                element: page(() => import('./features/assignments/StudentGradingPage')),
              },
              { path: ':classId/contents/:lessonId/forums/:forumId', element: page(() => import('./features/forums/TeacherForumPage')) },
              // A quiz: the form (new, edit), its results and statistics, one attempt.
              { path: ':classId/contents/:lessonId/quizzes/new', element: page(() => import('./features/quizzes/teacher/QuizFormPage')) },
              {
                path: ':classId/contents/:lessonId/quizzes/:quizId',
                element: page(() => import('./features/quizzes/teacher/TeacherQuizPage')),
              },
              {
                path: ':classId/contents/:lessonId/quizzes/:quizId/edit',
                element: page(() => import('./features/quizzes/teacher/QuizFormPage')),
              },
              // Issue 41: the proctor board of an exam-mode quiz.
              {
                path: ':classId/contents/:lessonId/quizzes/:quizId/pengawas',
                element: page(() => import('./features/quizzes/exam/ProctorPage')),
              },
              {
                path: ':classId/contents/:lessonId/quizzes/:quizId/attempts/:attemptId',
                element: page(() => import('./features/quizzes/teacher/AttemptPage')),
              },
            ],
          },
          {
            // The teacher's question bank ("Bank Soal"): categories, a category's questions, an import.
            path: 'bank-soal',
            element: <RequireRole role="teacher" />,
            children: [
              { index: true, element: page(() => import('./features/question-bank/QuestionBankPage')) },
              { path: ':categoryId', element: page(() => import('./features/question-bank/CategoryPage')) },
              { path: ':categoryId/impor', element: page(() => import('./features/question-bank/QuestionImportPage')) },
            ],
          },
          {
            path: 'resources',
            element: <RequireRole role="admin" />,
            children: [
              { path: 'users', element: page(() => import('./features/users/UsersPage')) },
              { path: 'users/new', element: page(() => import('./features/users/UserCreatePage')) },
              { path: 'users/import', element: page(() => import('./features/users/UserImportPage')) },
              { path: 'users/:id/edit', element: page(() => import('./features/users/UserEditPage')) },
              { path: 'users/:id', element: page(() => import('./features/users/UserDetailPage')) },
              { path: 'rombel-class', element: page(() => import('./features/rombels/RombelPage')) },
              { path: 'rombel-class/:id', element: page(() => import('./features/rombels/RombelDetailPage')) },
              { path: 'motivational-words', element: page(() => import('./features/motivational-words/WordsPage')) },
              { path: 'motivational-words/:id', element: page(() => import('./features/motivational-words/WordDetailPage')) },
              { path: 'promotion', element: page(() => import('./features/promotion/PromotionPage')) },
              { path: 'archived-classes', element: page(() => import('./features/promotion/ArchivedClassesPage')) },
              { path: 'audit-log', element: page(() => import('./features/audit-log/AuditLogPage')) },
            ],
          },
          {
            // Issue 37, the school year: departments, semesters, subjects, teaching, wali kelas, timetable.
            path: 'school',
            element: <RequireRole role="admin" />,
            children: [
              { path: 'departments', element: page(() => import('./features/school-year/DepartmentsPage')) },
              { path: 'semesters', element: page(() => import('./features/school-year/SemestersPage')) },
              { path: 'homerooms', element: page(() => import('./features/school-year/HomeroomsPage')) },
              { path: 'subjects', element: page(() => import('./features/teaching/SubjectsPage')) },
              { path: 'teaching', element: page(() => import('./features/teaching/TeachingPage')) },
              { path: 'timetable', element: page(() => import('./features/timetable/TimetablePage')) },
              { path: 'fet-import', element: page(() => import('./features/timetable/FetImportPage')) },
              { path: 'presensi', element: page(() => import('./features/attendance-recaps/AdminAttendancePage')) },
              // Issue 39: the school's default grade scheme and the semester's lock, the TPs, any rombel's leger.
              { path: 'nilai', element: page(() => import('./features/grade-scheme/AdminGradeSchemePage')) },
              { path: 'tujuan-pembelajaran', element: page(() => import('./features/learning-objectives/ObjectivesPage')) },
              { path: 'leger', element: page(() => import('./features/report-grades/LegerPage')) },
              { path: 'perwalian', element: page(() => import('./features/parent-links/HomeroomSettingsPage')) },
            ],
          },
          {
            // Issue 38: the teacher's journal (jurnal mengajar) and the wali kelas's rombel (izin requests, recaps).
            element: <RequireRole role="teacher" />,
            children: [
              { path: 'jurnal', element: page(() => import('./features/attendance/JournalPage')) },
              { path: 'perwalian', element: page(() => import('./features/homeroom/HomeroomPage')) },
              // Issue 39: the TPs of the teacher's subjects, their rubrics, the wali kelas's leger.
              { path: 'tujuan-pembelajaran', element: page(() => import('./features/learning-objectives/ObjectivesPage')) },
              { path: 'rubrik', element: page(() => import('./features/rubrics/RubricsPage')) },
              { path: 'rubrik/:rubricId', element: page(() => import('./features/rubrics/RubricEditorPage')) },
              { path: 'perwalian/leger', element: page(() => import('./features/report-grades/LegerPage')) },
            ],
          },
          {
            // The teacher's and the student's week ("Jadwal").
            element: <RequireRoles roles={['teacher', 'student']} />,
            children: [{ path: 'jadwal', element: page(() => import('./features/schedule/SchedulePage')) }],
          },
          {
            // Issue 40: orang tua/wali — each child's pages, the weekly summaries, pairing another child.
            element: <RequireRole role="parent" />,
            children: [
              { path: 'anak/:studentId', element: page(() => import('./features/parents/ChildPage')) },
              { path: 'ringkasan', element: page(() => import('./features/parents/SummariesPage')) },
              { path: 'tambah-anak', element: page(() => import('./features/parents/AddChildPage')) },
            ],
          },
          { path: 'permissiondenied', element: <PermissionDeniedPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * The app's pages at the browser's address (in main.tsx's BrowserRouter). An ended session goes to
 * the login page without a reload (drafts and toasts stay): an expired one with the page to return
 * to and the "session ended" note, a password change plainly. The cached data of the user who was
 * signed in goes once the signed-in pages are gone.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const ended = useRef(false);
  useEffect(
    () =>
      setSessionEndHandler((end) => {
        const { to, state } = loginAfter(end);
        ended.current = true;
        void navigate(to, { replace: true, state });
      }),
    [navigate],
  );
  useEffect(() => {
    if (ended.current && location.pathname === '/login') {
      ended.current = false;
      queryClient.clear();
    }
  }, [location, queryClient]);
  return useRoutes(routes);
}
