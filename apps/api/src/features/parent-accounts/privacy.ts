/**
 * The privacy notice a parent reads at the first sign-in (UU No. 27/2022 tentang Pelindungan Data
 * Pribadi), and the gate that keeps the rest of the parent area closed until it is accepted.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { PARENT_MSG, type ParentPrivacy } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { parents } from '../../db/schema.js';
import { forbidden } from '../../http/errors.js';
import { requireRole } from '../../auth/guards.js';

export const PRIVACY_SECTIONS: ParentPrivacy['sections'] = [
  {
    title: 'Data yang disimpan sekolah',
    body:
      'Nama Anda, username, nomor HP dan alamat email (jika diisi), hubungan Anda dengan anak (ayah, ibu, atau wali), ' +
      'serta anak mana saja yang terhubung dengan akun Anda. Sekolah juga mencatat kapan Anda masuk dan kapan akun Anda ' +
      'dihubungkan atau dilepas dari seorang siswa.',
  },
  {
    title: 'Untuk apa data ini dipakai',
    body:
      'Agar Anda dapat mengikuti kegiatan belajar, nilai, dan kehadiran anak Anda, mengirim permohonan izin atau sakit, ' +
      'dan agar sekolah dapat menghubungi Anda tentang anak Anda. Data ini diproses sesuai Undang-Undang Nomor 27 Tahun ' +
      '2022 tentang Pelindungan Data Pribadi dan tidak dipakai untuk keperluan lain.',
  },
  {
    title: 'Siapa yang melihat nomor HP Anda',
    body:
      'Hanya wali kelas anak Anda dan admin sekolah. Guru mata pelajaran, siswa lain, dan orang tua lain tidak dapat ' +
      'melihat nomor HP maupun email Anda.',
  },
  {
    title: 'Berapa lama data disimpan',
    body:
      'Selama anak Anda bersekolah di sini dan akun Anda masih terhubung dengannya. Setelah anak lulus atau pindah, ' +
      'atau setelah tautan dilepas, admin sekolah dapat menonaktifkan atau menghapus akun Anda.',
  },
  {
    title: 'Meminta penghapusan atau pelepasan tautan',
    body:
      'Hubungi admin sekolah (tata usaha) untuk melihat, memperbaiki, atau menghapus data Anda, atau untuk melepas ' +
      'tautan akun Anda dari seorang anak. Akun Anda tetap ada sampai Anda meminta penghapusannya.',
  },
];

/** When the parent accepted the notice (null: not yet). */
export async function privacyAcceptedAt(db: Executor, parentId: number): Promise<Date | null> {
  const [row] = await db.select({ at: parents.privacyAcceptedAt }).from(parents).where(eq(parents.userId, parentId));
  return row?.at ?? null;
}

export const privacyOf = (acceptedAt: Date | null): ParentPrivacy => ({
  accepted_at: acceptedAt?.toISOString() ?? null,
  sections: PRIVACY_SECTIONS,
});

/** The routes of the parent area that stay open before the notice is accepted. */
const OPEN_BEFORE_PRIVACY = new Set([
  'GET /api/parent/privacy',
  'POST /api/parent/privacy/accept',
  'GET /api/parent/settings',
  'PUT /api/parent/settings',
]);

/** onRequest hook of the parent area (after the role's guard): 403 until the privacy notice is accepted. */
export async function requirePrivacy(request: FastifyRequest): Promise<void> {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  if (OPEN_BEFORE_PRIVACY.has(`${method} ${request.routeOptions.url}`)) return;
  if ((await privacyAcceptedAt(request.server.db, request.user.id)) === null) throw forbidden(PARENT_MSG.privacyRequired);
}

const parentRole = requireRole('parent');

/** The parent area's guard (app.ts `mount`): the role's (403 for any other), then the privacy notice. */
export async function requireParentPrivacy(request: FastifyRequest): Promise<void> {
  await parentRole(request);
  await requirePrivacy(request);
}
