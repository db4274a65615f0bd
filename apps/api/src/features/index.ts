/**
 * The route table by access area. app.ts mounts each list under its prefix and guard:
 * public under /api, authed under /api (any logged-in user), and the role areas under
 * /api/admin, /api/teacher, /api/student, /api/parent.
 */
import type { App } from '../types.js';
import fileRoutes, { fileLinkRoutes } from '../files/routes.js';
import uploadRoutes, { uploadDiscoveryRoutes } from '../files/upload-routes.js';
import * as session from './session/routes.js';
import profileRoutes from './profile/routes.js';
import adminDashboardRoutes from './admin-dashboard/routes.js';
import usersRoutes from './users/routes.js';
import importRoutes from './imports/routes.js';
import bulkUserRoutes from './users/bulk.js';
import * as rombels from './rombels/routes.js';
import * as motivationalWords from './motivational-words/routes.js';
import onlineClassesRoutes from './online-classes/routes.js';
import lessonsRoutes from './lessons/routes.js';
import materialsRoutes from './materials/routes.js';
import assignmentsRoutes from './assignments/routes.js';
import gradingRoutes from './grading/routes.js';
import gradebookRoutes from './gradebook/routes.js';
import submissionZipRoutes, { submissionZipLinkRoutes } from './submission-zip/routes.js';
import * as forums from './forums/routes.js';
import studentClassesRoutes from './student-classes/routes.js';
import submissionsRoutes from './submissions/routes.js';
import studentDashboardRoutes from './student-dashboard/routes.js';
import promotionRoutes from './promotion/routes.js';
import lessonCopyRoutes from './lesson-copy/routes.js';
import * as announcements from './announcements/routes.js';
import notificationRoutes from './notifications/routes.js';
import backupRoutes, { backupLinkRoutes } from './backup/routes.js';
import quizzesRoutes, { studentQuizRoutes } from './quizzes/routes.js';
import questionBankRoutes from './question-bank/routes.js';
import * as auditLog from './audit-log/routes.js';
import departmentRoutes from './departments/routes.js';
import * as semesters from './semesters/routes.js';
import homeroomRoutes from './homerooms/routes.js';
import subjectRoutes from './subjects/routes.js';
import teachingAssignmentRoutes from './teaching-assignments/routes.js';
import timetableRoutes from './timetable/routes.js';
import fetImportRoutes from './fet-import/routes.js';
import * as schedule from './schedule/routes.js';
import meetingRoutes from './meetings/routes.js';
import * as checkin from './checkin/routes.js';
import * as leaveRequests from './leave-requests/routes.js';
import * as attendanceRecaps from './attendance-recaps/routes.js';
import * as gradeScheme from './grade-scheme/routes.js';
import * as learningObjectives from './learning-objectives/routes.js';
import * as reportGrades from './report-grades/routes.js';
import rubricRoutes from './rubrics/routes.js';
import quickGradingRoutes from './quick-grading/routes.js';
import * as erapor from './erapor/routes.js';
import * as parentAccounts from './parent-accounts/routes.js';
import * as parentArea from './parent-area/routes.js';
import * as homeroomOverview from './homeroom-overview/routes.js';
import * as parentSummary from './parent-summary/routes.js';
import * as exams from './exams/routes.js';
import pushRoutes from './push/routes.js';
import notificationSettingsRoutes from './notification-settings/routes.js';
import * as calendar from './calendar/routes.js';
import * as contacts from './contacts/routes.js';

type Plugin = (app: App) => Promise<void>;

export const routeAreas: Record<'public' | 'authed' | 'admin' | 'teacher' | 'student' | 'parent', Plugin[]> = {
  public: [
    session.publicRoutes,
    fileRoutes,
    submissionZipLinkRoutes,
    backupLinkRoutes,
    uploadDiscoveryRoutes,
    erapor.publicRoutes,
    parentAccounts.publicRoutes,
    calendar.publicRoutes,
  ],
  authed: [
    session.routes,
    profileRoutes,
    rombels.optionRoutes,
    fileLinkRoutes,
    uploadRoutes,
    notificationRoutes,
    semesters.authedRoutes,
    pushRoutes,
    notificationSettingsRoutes,
    calendar.routes,
  ],
  admin: [
    adminDashboardRoutes,
    usersRoutes,
    bulkUserRoutes,
    importRoutes,
    rombels.adminRoutes,
    motivationalWords.adminRoutes,
    promotionRoutes,
    backupRoutes,
    auditLog.adminRoutes,
    departmentRoutes,
    semesters.adminRoutes,
    homeroomRoutes,
    subjectRoutes,
    teachingAssignmentRoutes,
    timetableRoutes,
    fetImportRoutes,
    leaveRequests.adminRoutes,
    attendanceRecaps.adminRoutes,
    gradeScheme.adminRoutes,
    learningObjectives.adminRoutes,
    reportGrades.adminRoutes,
    parentAccounts.adminRoutes,
    homeroomOverview.adminRoutes,
  ],
  teacher: [
    onlineClassesRoutes,
    lessonsRoutes,
    materialsRoutes,
    assignmentsRoutes,
    gradingRoutes,
    submissionZipRoutes,
    gradebookRoutes,
    forums.teacherRoutes,
    lessonCopyRoutes,
    announcements.teacherRoutes,
    questionBankRoutes,
    quizzesRoutes,
    auditLog.teacherRoutes,
    schedule.teacherRoutes,
    meetingRoutes,
    checkin.teacherRoutes,
    leaveRequests.teacherRoutes,
    attendanceRecaps.teacherRoutes,
    gradeScheme.teacherRoutes,
    learningObjectives.teacherRoutes,
    reportGrades.teacherRoutes,
    rubricRoutes,
    quickGradingRoutes,
    erapor.teacherRoutes,
    parentAccounts.teacherRoutes,
    homeroomOverview.teacherRoutes,
    exams.teacherRoutes,
    contacts.teacherRoutes,
  ],
  student: [
    studentClassesRoutes,
    submissionsRoutes,
    studentDashboardRoutes,
    forums.studentRoutes,
    motivationalWords.studentRoutes,
    announcements.studentRoutes,
    studentQuizRoutes,
    schedule.studentRoutes,
    checkin.studentRoutes,
    leaveRequests.studentRoutes,
    attendanceRecaps.studentRoutes,
    reportGrades.studentRoutes,
    parentAccounts.studentRoutes,
    exams.studentRoutes,
  ],
  // Issue 40: orang tua/wali.
  parent: [parentAccounts.parentRoutes, parentArea.parentRoutes, parentSummary.parentRoutes],
};
