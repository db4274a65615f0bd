import { ROLE_LABELS, type AdminUser } from '@kelasku/contract';
import type { FileService } from '../../files/service.js';
import { toProfile } from '../session/present.js';
import type { UserRow } from './queries.js';

/** The profile shape plus the role's label, creation time and login lock; the password hash never leaves. */
export const toAdminUser = (files: FileService, row: UserRow, locked: Set<number>): AdminUser => ({
  ...toProfile(files, row),
  role_label: ROLE_LABELS[row.user.roleId]!,
  created_at: row.user.createdAt.toISOString(),
  locked: locked.has(row.user.id),
});
