import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { PARENT_MSG, type ParentChild } from '@kelasku/contract';
import { json, renderPage, type PageCall } from '../../test/render-page';
import AddChildPage from './AddChildPage';
import ChildPage from './ChildPage';
import ParentDashboard from './ParentDashboard';
import ParentSignupPage from './ParentSignupPage';

const ok = (data: unknown, message?: string) => json(200, { success: true, data, ...(message ? { message } : {}) });
const accepted = { accepted_at: '2026-11-30T01:00:00Z', sections: [] };
const child: ParentChild = {
  id: 7,
  name: 'Andi Pratama',
  nis: '1001',
  rombel: { id: 1, name: 'X TKJ 1' },
  homeroom_teacher: { id: 2, name: 'Budi Santoso' },
  relation: 'ibu',
  avatar: null,
};
const paths = (calls: PageCall[]) => calls.map((c) => `${c.method} ${c.url}`);

describe('the privacy gate', () => {
  it('shows the notice instead of data until the parent accepts it, then the children', async () => {
    let privacy = { accepted_at: null as string | null, sections: [{ title: 'Data yang disimpan', body: 'Nama dan nomor HP Anda.' }] };
    const calls = renderPage(<ParentDashboard />, (call) => {
      if (call.url === '/api/parent/privacy') return ok(privacy);
      if (call.url === '/api/parent/privacy/accept') {
        privacy = { ...privacy, accepted_at: '2026-11-30T01:00:00Z' };
        return ok(privacy, PARENT_MSG.privacyAccepted);
      }
      if (call.url === '/api/parent/children') return ok([]);
      return json(404, { success: false, message: 'Not Found' });
    });
    expect(await screen.findByText('Nama dan nomor HP Anda.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Data yang disimpan' })).toBeTruthy();
    expect(paths(calls)).toEqual(['GET /api/parent/privacy']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Saya mengerti dan setuju' }));
    expect(await screen.findByText('Belum ada anak yang terhubung dengan akun Anda.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tambah Anak' }).getAttribute('href')).toBe('/tambah-anak');
    expect(paths(calls)).toContain('POST /api/parent/privacy/accept');
  });
});

function childRoute(calls: { current: PageCall[] }, path: string) {
  calls.current = renderPage(
    <Routes>
      <Route path="/anak/:studentId" element={<ChildPage />} />
    </Routes>,
    (call) => {
      if (call.url === '/api/parent/privacy') return ok(accepted);
      if (call.url === '/api/parent/children') return ok([child]);
      if (call.url === '/api/parent/children/7/today')
        return ok({ date: '2026-11-30', day: 1, semester: null, lessons: [], due: [], homeroom: [] });
      if (call.url === '/api/parent/children/7/work?tab=late')
        return ok([
          {
            id: 1,
            title: 'Laporan Topologi',
            content_id: 1,
            online_class: { id: 3, name: 'Jaringan Dasar' },
            deadline: '2026-11-20T10:00:00Z',
            closes_at: null,
            extended: false,
            state: 'late',
            status_id: 0,
            grading_status: '',
            submitted_at: null,
            score: null,
            last_score: null,
            feedback: null,
            returned_at: null,
          },
        ]);
      if (call.url.startsWith('/api/parent/children/7/work')) return ok([]);
      return json(404, { success: false, message: 'Data tidak ditemukan' });
    },
    { path },
  );
}

describe('the child page', () => {
  it('loads a tab only when it is opened, and shows the late work read only', async () => {
    const calls = { current: [] as PageCall[] };
    childRoute(calls, '/anak/7');
    expect(await screen.findByText('Tidak ada pelajaran hari ini.')).toBeTruthy();
    expect(paths(calls.current).filter((p) => p.includes('/work'))).toEqual([]);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Tugas' }));
    const late = await screen.findByRole('list', { name: 'Terlambat' });
    expect(late.textContent).toContain('Laporan Topologi');
    expect(late.querySelector('a')).toBeNull();
    expect(screen.queryByRole('button', { name: /Serahkan|Kumpulkan/ })).toBeNull();
    expect(paths(calls.current).some((p) => p.includes('/grades'))).toBe(false);
  });

  it('is not found for a child who is not the parent’s', async () => {
    childRoute({ current: [] }, '/anak/8');
    expect(await screen.findByText('Not Found :(')).toBeTruthy();
  });
});

describe('Tambah Anak', () => {
  it('shows the server’s message for an unknown code', async () => {
    const calls = renderPage(<AddChildPage />, (call) => {
      if (call.url === '/api/parent/privacy') return ok(accepted);
      return json(404, { success: false, message: PARENT_MSG.codeInvalid });
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Kode dari anak' }), 'ABCD-EFGH');
    await user.click(screen.getByRole('radio', { name: 'Ayah' }));
    await user.click(screen.getByRole('button', { name: 'Tambah Anak' }));
    expect(await screen.findByText(PARENT_MSG.codeInvalid)).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/parent/children', body: { code: 'ABCD-EFGH', relation: 'ayah' } });
  });
});

describe('Daftar Orang Tua', () => {
  it('names whose code it is, then shows the server’s field messages', async () => {
    const calls = renderPage(<ParentSignupPage />, (call) => {
      if (call.url === '/api/pairing-codes/check')
        return ok({ student_first_name: 'Andi', rombel_name: 'X TKJ 1', expires_at: '2026-12-07T00:00:00Z' });
      return json(422, { success: false, message: 'Periksa lagi isian Anda', errors: { username: ['Username sudah dipakai'] } });
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Kode dari anak' }), 'k7p2xm4q');
    await user.click(screen.getByRole('button', { name: 'Lanjut' }));
    expect(await screen.findByText('Kode untuk Andi (X TKJ 1)')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Ibu' }));
    await user.type(screen.getByRole('textbox', { name: 'Nama lengkap' }), 'Siti Aminah');
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'siti.aminah');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'rahasia123');
    await user.type(screen.getByLabelText(/^Ulangi password/, { selector: 'input' }), 'rahasia123');
    await user.click(screen.getByRole('button', { name: 'Daftar' }));
    expect(await screen.findByText('Username sudah dipakai')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({
      url: '/api/parent-signup',
      body: { code: 'k7p2xm4q', relation: 'ibu', name: 'Siti Aminah', username: 'siti.aminah', email: null },
    });
  });
});
