import { ROLE_LABELS, type AdminUser } from '@kelasku/contract';
import type { FileService } from '../../files/service.js';
import { toProfile } from '../session/present.js';
import type { UserRow } from './queries.js';

/** The profile shape plus the role's label and creation time; the password hash never leaves. */
export const toAdminUser = (files: FileService, row: UserRow): AdminUser =>
  // Added to the profile object rather than spread into a copy: a page holds 50 of them.
  Object.assign(toProfile(files, row), { role_label: ROLE_LABELS[row.user.roleId]!, created_at: row.user.createdAt.toISOString() });
