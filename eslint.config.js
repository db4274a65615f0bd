// ESLint flat config for the whole repository (`npm run lint`, `npm run format`).
// Type-unaware on purpose: typescript-eslint `recommended` without type information; `tsc`
// (npm run typecheck) does the type checks. Measured 2026-11 on the 2-core machine: ~20 s for
// the whole repo; `recommendedTypeChecked` with the project service took 54 s (at the limit
// for npm test) and reported 952 problems, 858 of them no-unsafe-* on the deliberate `any` of
// test bodies (api tests, e2e).
// Worth a look from that run: no-floating-promises 3 and no-misused-promises 5 in apps/web.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

const root = import.meta.dirname;

// ---------------------------------------------------------------------------------------
// Feature boundary (ARCHITECTURE.md: one folder per feature, routes.ts is HTTP only).
// A feature's routes.ts is imported by the route registry (apps/api/src/features/index.ts)
// and by nobody else: not by another feature, not by the rest of src, not by tests.
// Something two features share goes into queries.ts / present.ts / access/ instead.
// Implemented with core `no-restricted-imports`, one block per feature folder (read from
// disk, so a new feature is covered without touching this file). The regexes look at the
// import string, which covers every static `import` / `export … from` with a relative path
// (`../b/routes.js`, `../../features/b/routes.js`, with or without .js/.ts); dynamic
// `import()` is not checked.
// ---------------------------------------------------------------------------------------
const apiFeatures = path.join(root, 'apps/api/src/features');
const featureNames = fs
  .readdirSync(apiFeatures, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const routesOf = (names) => `(^|/)(${names.map(escape).join('|')})/routes(\\.[jt]s)?$`;
const boundaryMessage =
  "A feature's routes.ts is imported only by features/index.ts (the route registry). " +
  'Move what you need into queries.ts / present.ts of that feature, or into src/access or a shared module.';
const restrictRoutes = (regex) => ({
  'no-restricted-imports': ['error', { patterns: [{ regex, caseSensitive: true, message: boundaryMessage }] }],
});

const boundaryBlocks = [
  // Outside src/features (the rest of src, and the tests): no feature's routes at all.
  {
    name: 'kelasku/boundaries/outside-features',
    files: ['apps/api/src/**/*.{ts,mts,js,mjs}', 'apps/api/test/**/*.{ts,mts,js,mjs}'],
    ignores: ['apps/api/src/features/**'],
    rules: restrictRoutes(`(^|/)features/[^/]+/routes(\\.[jt]s)?$`),
  },
  // Files directly in src/features (users-shared.ts …), except the registry itself.
  {
    name: 'kelasku/boundaries/features-root',
    files: ['apps/api/src/features/*.{ts,mts,js,mjs}'],
    ignores: ['apps/api/src/features/index.ts'],
    rules: restrictRoutes(routesOf(featureNames)),
  },
  // Inside feature A: the routes of every feature B ≠ A.
  ...featureNames.map((name) => ({
    name: `kelasku/boundaries/feature/${name}`,
    files: [`apps/api/src/features/${name}/**/*.{ts,mts,js,mjs}`],
    rules: restrictRoutes(routesOf(featureNames.filter((other) => other !== name))),
  })),
];

// ---------------------------------------------------------------------------------------
// Import cycles (issue 36): `import-x/no-cycle` over the API, the web and the contract.
// Resolution: import-x's own node resolver (unrs-resolver), TypeScript extensions first and
// the API's `.js` suffixes mapped to the `.ts` file beside them. Only relative imports and our
// own packages are followed (`ignoreExternal`). Type-only imports (`import type`, and imports
// whose every name is `type`) do not count: they vanish at run time, and a type shared both
// ways is no circle a reader or the bundler follows; import-x skips them by design. A dynamic
// `import()` in the chain (the router's lazy pages) counts like a static one.
// maxDepth: unlimited. Measured on the 2-core machine (see the report of issue 36): the rule
// adds a few seconds to `npx eslint .`; lower it here if that ever grows.
// ---------------------------------------------------------------------------------------
const cycleFiles = ['apps/api/src/**/*.{ts,mts,js,mjs}', 'apps/web/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'];
const cycleBlock = {
  name: 'kelasku/no-cycle',
  files: cycleFiles,
  plugins: { 'import-x': importX },
  settings: {
    // The dependencies' files are parsed as TypeScript too (as import-x's `typescript` preset does).
    'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
    'import-x/resolver-next': [
      createNodeResolver({
        extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
        conditionNames: ['import', 'default'],
      }),
    ],
  },
  rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
};

// ---------------------------------------------------------------------------------------
// The web's layers (docs/ARCHITECTURE.md), pointing only down:
//   main.tsx, router.tsx, session-subscribers.ts  →  layout/  →  features/  →
//   components/, uploads/, live/, offline/, api/  →  lib/
// - api/, components/, uploads/, live/, offline/ and lib/ never import features/, layout/,
//   router, main or session-subscribers;
// - lib/ (pure helpers) imports no other layer of the web: not api/, components/, uploads/,
//   live/, offline/;
// - features/ never import layout/, router, main or session-subscribers;
// - one feature imports another only where it composes it on purpose (webFeatureAllow);
//   something two features share moves down (components/, lib/, api/).
// Core `no-restricted-imports` on the import string, like the API's feature boundary above:
// the web's imports are relative and extension-less ('../features/x', '../../lib/y').
// ---------------------------------------------------------------------------------------
const webSrc = 'apps/web/src';
const up = '^(\\.\\./)+';
const topFiles = '(router|main|session-subscribers)(\\.tsx?)?$';
const webFeatureNames = fs
  .readdirSync(path.join(root, webSrc, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
/** Which features a feature composes on purpose (its pages show their pieces). */
const webFeatureAllow = {
  // The class page: the lessons' cards hold assignments, forums and quizzes; the tabs show announcements and the gradebook.
  // The teacher's dashboard starts with today's lessons ("Hari ini", schedule/TodayLessons).
  // Issue 38: its "Presensi" tab lists the class's meetings.
  // Issue 39: its "Rapor" tab holds the class's grade scheme and Nilai Akhir.
  'online-classes': ['announcements', 'assignments', 'attendance', 'forums', 'gradebook', 'quizzes', 'report-grades', 'schedule'],
  // The student's class page: announcements and the quizzes' badges; the dashboard starts with "Hari ini".
  'student-classes': ['announcements', 'quizzes', 'schedule'],
  // "/" shows the dashboard of each role.
  // Issue 40: a parent's dashboard lists their children.
  dashboard: ['admin-dashboard', 'online-classes', 'student-classes', 'parents'],
  'admin-dashboard': ['backup'],
  // The grading pages show a grade's history.
  // Issue 39: the assignment's form picks its category, TPs and rubric; its grading page grades with the rubric.
  assignments: ['audit-log', 'learning-objectives', 'rubrics'],
  // Issue 41: the quiz form's "Tambah soal" writes a question with the bank's editor.
  quizzes: ['audit-log', 'learning-objectives', 'question-bank'],
  // The hand-in form takes photos into one PDF.
  // Issue 39: the student sees the assignment's rubric before handing in.
  submissions: ['photos', 'rubrics'],
  // Issue 39: "Nilai Saya" shows each class's report grade; the Rapor tab edits the class's scheme.
  'my-work': ['report-grades'],
  'report-grades': ['grade-scheme'],
  // Issue 38: "Perwalian" (the wali kelas's rombel) and the admin's "Presensi" show the izin requests beside the recaps.
  'attendance-recaps': ['leave-requests'],
  // Issue 40: a parent's page of a child shows the child's own pieces (today, work, grades, attendance, izin, announcements).
  parents: ['announcements', 'attendance-recaps', 'leave-requests', 'my-work', 'report-grades', 'schedule'],
  // Issue 40: "Kelas Perwalian" holds the izin requests, the recaps and the leger.
  homeroom: ['attendance-recaps', 'leave-requests', 'report-grades', 'parent-links'],
  // Issue 40: a student's detail page lists their parents; the student's profile makes a pairing code.
  users: ['parent-links'],
  // Issue 42: the profile holds the phone's notifications, their settings and the calendar address.
  profile: ['parent-links', 'notifications', 'calendar'],
};
const layerRule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const noUpward = (layer) => ({
  regex: `${up}(features|layout)(/|$)|${up}${topFiles}|^\\./${topFiles}`,
  message: `${layer} is below features/, layout/ and the app's entry files: it never imports them (docs/ARCHITECTURE.md, the web's layers).`,
});
const webLayerBlocks = [
  ...['api', 'components', 'uploads', 'live', 'offline'].map((layer) => ({
    name: `kelasku/web-layers/${layer}`,
    files: [`${webSrc}/${layer}/**/*.{ts,tsx}`],
    rules: layerRule([noUpward(`${layer}/`)]),
  })),
  {
    name: 'kelasku/web-layers/lib',
    files: [`${webSrc}/lib/**/*.{ts,tsx}`],
    rules: layerRule([
      noUpward('lib/'),
      {
        regex: `${up}(api|components|uploads|live|offline)(/|$)`,
        message: 'lib/ is the bottom layer (pure helpers): it imports no other part of the web. Move what it needs down into lib/.',
      },
    ]),
  },
  ...webFeatureNames.map((name) => {
    const forbidden = webFeatureNames.filter((other) => other !== name && !(webFeatureAllow[name] ?? []).includes(other));
    return {
      name: `kelasku/web-layers/feature/${name}`,
      files: [`${webSrc}/features/${name}/**/*.{ts,tsx}`],
      ignores: [`${webSrc}/**/*.test.{ts,tsx}`],
      rules: layerRule([
        {
          regex: `${up}(layout|${topFiles.replace('(\\.tsx?)?$', '')})(/|(\\.tsx?)?$)`,
          message: 'A feature never imports layout/, the router or main.tsx (they import the features).',
        },
        ...(forbidden.length > 0
          ? [
              {
                regex: `${up}(${forbidden.map(escape).join('|')})(/|$)`,
                message:
                  'A feature imports another feature only where eslint.config.js (webFeatureAllow) says it composes it; ' +
                  'move a shared piece down to components/, lib/ or api/.',
              },
            ]
          : []),
      ]),
    };
  }),
];

export default defineConfig(
  {
    name: 'kelasku/ignores',
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'apps/api/src/db/migrations/', // generated by drizzle-kit
      'apps/api/test/.template/',
      'data/',
      '.data-test/',
      'test-results/', // playwright output
      'playwright-report/',
      'e2e/test-results/',
      'e2e/playwright-report/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'kelasku/base',
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused bindings are real leftovers; `_name` marks one kept on purpose
      // (a positional parameter, a destructured field left out of a rest object).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    name: 'kelasku/web',
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: reactHooks.configs.flat.recommended.plugins,
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Off: its 9 hits (2026-11) are all one deliberate pattern, "reset the form's state each
      // time its modal opens / the profile reloads" (useEffect on `opened` + setState). That
      // costs one extra render of a small modal; the rule's fix (remount with a `key`, or state
      // adjusted during render) is a redesign of those components, not a bug fix.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    // Playwright specs run in Node, but page.evaluate() callbacks run in the browser.
    name: 'kelasku/e2e',
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Tests hold loosely typed HTTP bodies (`res.json() as any`) on purpose.
    name: 'kelasku/tests',
    files: ['apps/api/test/**', 'e2e/**', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Rooms a reader can hold in their head: a function longer than this does two jobs (split a
    // route plugin by role or sub-area, a page into a `use…` hook with the logic and the markup).
    // Role ids only through the contract's ROLE_IDS, never a bare `roleId === 3`.
    name: 'kelasku/sizes-and-roles',
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true }],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "BinaryExpression[operator=/^[!=]==?$/]:matches([left.property.name=/^role_?[iI]d$/][right.type='Literal'], [right.property.name=/^role_?[iI]d$/][left.type='Literal'])",
          message: 'Compare role ids with ROLE_IDS from @kelasku/contract, never a bare number.',
        },
        {
          selector: "CallExpression[callee.name=/^(eq|ne)$/][arguments.0.property.name='roleId'][arguments.1.type='Literal']",
          message: 'Compare role ids with ROLE_IDS from @kelasku/contract, never a bare number.',
        },
      ],
    },
  },
  ...boundaryBlocks,
  // After the boundary blocks: for these files it replaces their rule with a stricter one.
  {
    // The API's shared services sit below the features: they never import one (app.ts wires
    // what a service must tell a feature, e.g. the error handler's full-storage notice).
    name: 'kelasku/api-layers/services',
    files: ['apps/api/src/{http,auth,access,db,files,jobs,live,audit}/**/*.ts', 'apps/api/src/{config,types}.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+features(/|$)',
              message:
                "A shared service of the API never imports a feature (docs/ARCHITECTURE.md, the API's layers); let app.ts pass it in.",
            },
          ],
        },
      ],
    },
  },
  cycleBlock,
  ...webLayerBlocks,
);
