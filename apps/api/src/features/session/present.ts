import { ROLE_BY_ID, ROLE_IDS } from '@kelasku/contract';
import type { FileService } from '../../files/service.js';
import type { findLoginUser, loadProfile } from './queries.js';

type ProfileRow = NonNullable<Awaited<ReturnType<typeof loadProfile>>>;

/** The profile of SPEC §3 (GET /api/me and the profile form); the password hash never leaves. */
export function toProfile(files: FileService, row: ProfileRow) {
  const u = row.user;
  return {
    id: u.id,
    name: u.name,
    username: u.username,
    email: u.email,
    gender: u.gender,
    religion: u.religion,
    birthday: u.birthday,
    address: u.address,
    telpon: u.telpon,
    status: u.status,
    role: ROLE_BY_ID[u.roleId]!,
    role_id: u.roleId,
    avatar: files.url(u.avatarFileId),
    must_change_password: u.mustChangePassword,
    teacher: u.roleId === ROLE_IDS.teacher ? { nip: row.nip ?? null, nik: row.nik ?? null } : null,
    student:
      u.roleId === ROLE_IDS.student
        ? { nis: row.nis ?? null, nisn: row.nisn ?? null, rombel_id: row.rombelId ?? null, rombel_name: row.rombelName ?? null }
        : null,
  };
}

type LoginRow = NonNullable<Awaited<ReturnType<typeof findLoginUser>>>;

/** The user of the login answer (DECISIONS: id, name, username, email, role, avatar), and whether a new password is due. */
export const toLoginUser = (files: FileService, user: LoginRow) => ({
  id: user.id,
  name: user.name,
  username: user.username,
  email: user.email,
  role: ROLE_BY_ID[user.roleId]!,
  avatar: files.url(user.avatarFileId),
  must_change_password: user.mustChangePassword,
});
