/**
 * The interface speaks Indonesian (issue 35, "Interface language"): SPEC's own texts stay as SPEC gives
 * them (some are English: "Upload Submission", "Write your reply.", the admin tables), a new entry in a
 * menu SPEC defines matches its neighbours ("Add Link" beside "Add Material"), and everything else is
 * Indonesian — no "Cancel" beside "Simpan", no English aria-label, placeholder, empty state or toast.
 *
 * This reads every source file of the web app and checks the texts a user sees or hears: JSX text,
 * the props that become text (label, placeholder, aria-label, title, description, …) and the strings
 * given to the toast helpers. A text holding one of the English words below fails, unless SPEC gives it.
 */
import { describe, expect, it } from 'vitest';

/** Every source file of the web app (tests aside), by its path under src/. */
const SOURCES = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true }),
  ).map(([file, text]) => [file.replace(/^\.\.\//, ''), text]),
);

/** English words a screen must not show (none of them is also an everyday Indonesian word). */
const ENGLISH = [
  'cancel',
  'close',
  'save',
  'delete',
  'loading',
  'search',
  'submit',
  'upload',
  'next',
  'previous',
  'nothing',
  'no data',
  'error',
  'back',
  'confirm',
  'yes',
  'open',
  'download',
  'select',
  'choose',
  'clear',
  'reset',
  'retry',
  'try again',
  'send',
  'show',
  'hide',
  'more',
  'success',
  'failed',
  'please',
  'empty',
  'settings',
  'update',
  'create',
  'remove',
  'add',
  'view',
  'reply',
  'comment',
  'toggle',
  'forgot',
  'remember',
  'sign in',
  'sign out',
  'log in',
  'log out',
  'not found',
  'unknown',
  'results',
];

/**
 * The texts SPEC gives in English (template parts written as "…"), each with the files (under src/)
 * that may show it: SPEC's screens, and the new entries of SPEC's menus that match their English
 * neighbours. The same text on another screen fails: a screen added after SPEC speaks Indonesian.
 */
const FROM_SPEC: Record<string, string[]> = {
  // §2 Admin users: "Cancel goes back one page"; title 'Users | Create User'; tables with View, Edit, Delete; "Add User".
  Cancel: ['features/users/UserFormCard.tsx'],
  'Users | Create User': ['features/users/UserCreatePage.tsx'],
  View: ['components/AdminParts.tsx', 'features/online-classes/TeacherDashboard.tsx', 'features/student-classes/StudentDashboard.tsx'],
  Delete: ['components/AdminParts.tsx', 'features/online-classes/TeacherDashboard.tsx'],
  'Add User': ['features/users/UsersPage.tsx'],
  // §2 Admin rombel and motivational words: 'Add Rombel', 'Add Motivational'.
  'Add Rombel': ['features/rombels/RombelPage.tsx'],
  'Add Motivational': ['features/motivational-words/WordsPage.tsx'],
  // The admin lists' search box (SPEC: "search box") reads like the teacher dashboard's 'Search…'.
  'Search…': ['components/AdminParts.tsx', 'features/online-classes/TeacherDashboard.tsx'],
  // §2 Dashboards: cards with a View button (named after the class for screen readers).
  'View …': ['features/online-classes/TeacherDashboard.tsx', 'features/student-classes/StudentDashboard.tsx'],
  // §2 Teacher class detail, Sub konten menu: Add Material, Add Assignment, Add Forum — and the two entries added beside them.
  'Add Material': ['features/online-classes/LessonCard.tsx'],
  'Add Assignment': ['features/online-classes/LessonCard.tsx'],
  'Add Forum': ['features/online-classes/LessonCard.tsx'],
  'Add Link': ['features/online-classes/LessonCard.tsx'],
  'Add Quiz': ['features/online-classes/LessonCard.tsx'],
  // §2 Forums: "Write your reply.", Reply, the dialog "Comment".
  'Write your reply.': ['features/forums/CommentModal.tsx', 'features/forums/ForumThreadView.tsx'],
  Reply: ['features/forums/ForumThreadView.tsx'],
  Comment: ['features/forums/ForumThreadView.tsx'],
};

/** The texts of one source file a user sees or hears; `${…}` parts of template strings become "…". */
export function userTexts(code: string, jsx = true): string[] {
  // Comments are not shown: block comments, and line comments (not the "//" of an address).
  const source = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
  const texts: string[] = [];
  const add = (t: string | undefined) => {
    const v = (t ?? '').replace(/\$\{[^}]*\}/g, '…').replace(/\s+/g, ' ');
    if (/[A-Za-z]/.test(v)) texts.push(v);
  };
  const props = 'aria-label|placeholder|title|label|description|alt|empty|message|[a-zA-Z]+(?:Label|Message|Text|Title)';
  const prop = new RegExp(`\\b(?:${props})=(?:"([^"]*)"|\\{'([^']*)'\\}|\\{\`([^\`]*)\`\\})`, 'g');
  for (const m of source.matchAll(prop)) add(m[1] ?? m[2] ?? m[3]);
  // 'aria-label': '…' inside prop objects (closeButtonProps, visibilityToggleButtonProps, …).
  for (const m of source.matchAll(/'aria-label':\s*(?:'([^']*)'|`([^`]*)`)/g)) add(m[1] ?? m[2]);
  // JSX text between tags (not code: a text with a brace, "=>" or a semicolon is skipped).
  for (const m of jsx ? source.matchAll(/>([^<>{}]+)</g) : []) {
    const t = m[1]!.trim();
    if (t && !/=>|;|&&|\|\||\(\s*$/.test(t)) add(t);
  }
  // Toasts and notifications.
  for (const m of source.matchAll(/\b(?:toastSuccess|toastError|toastInfo|toastApiError)\(\s*(?:'([^']*)'|`([^`]*)`)/g)) add(m[1] ?? m[2]);
  for (const m of source.matchAll(/\b(?:title|message):\s*'([^']*)'/g)) add(m[1]);
  return texts;
}

/** The English words of a text that SPEC does not give. */
export function englishIn(text: string, file?: string): string[] {
  if (file !== undefined && FROM_SPEC[text]?.includes(file)) return [];
  const lower = text.toLowerCase();
  return ENGLISH.filter((w) => new RegExp(`(^|[^a-z])${w}([^a-z]|$)`).test(lower));
}

describe('the interface speaks Indonesian', () => {
  it('finds an English text beside Indonesian ones, and lets SPEC’s own texts through', () => {
    const sample = `
      <Group><Button>Cancel anyway</Button><Button>Simpan</Button></Group>
      <TextInput placeholder="Search users" aria-label="Cari" />
      <ActionIcon aria-label={\`Close \${name}\`} />
      toastSuccess('Saved successfully');
      <Menu.Item>Add Assignment</Menu.Item>
      <Button>Upload Submission</Button>
    `;
    const found = userTexts(sample).filter((t) => englishIn(t).length > 0);
    expect(found).toEqual(['Search users', 'Close …', 'Cancel anyway', 'Add Assignment', 'Upload Submission']);
    // SPEC's texts pass on SPEC's screens only.
    expect(englishIn('Add Assignment', 'features/online-classes/LessonCard.tsx')).toEqual([]);
    expect(englishIn('Cancel', 'features/users/UserFormCard.tsx')).toEqual([]);
    expect(englishIn('Cancel', 'features/backup/BackupPage.tsx')).toEqual(['cancel']);
    expect(englishIn('Saved successfully')).toEqual([]);
    expect(englishIn('Loading data…')).toEqual(['loading']);
    expect(englishIn('Memuat…')).toEqual([]);
  });

  it('has no English text outside SPEC’s own in any screen', () => {
    const files = Object.keys(SOURCES);
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('features/online-classes/LessonCard.tsx');
    const offending: string[] = [];
    for (const file of files) {
      for (const text of userTexts(SOURCES[file]!, file.endsWith('.tsx'))) {
        const words = englishIn(text, file);
        if (words.length > 0) offending.push(`${file}: "${text}" (${words.join(', ')})`);
      }
    }
    expect(offending).toEqual([]);
  });
});
