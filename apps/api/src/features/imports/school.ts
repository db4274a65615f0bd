/** The school as an import plan sees it (loaded by queries.ts, read by plan.ts). */

/** A user as an import compares it. */
export interface ExistingUser {
  id: number;
  roleId: number;
  name: string;
  username: string;
  email: string | null;
  gender: string | null;
  birthday: string | null;
  religion: string | null;
  telpon: string | null;
  nis: string | null;
  nisn: string | null;
  nip: string | null;
  nik: string | null;
  rombelId: number | null;
  /** The rombel's name. */
  rombel: string | null;
}

/** What a plan needs of the school: rombels by name and every user by username, e-mail, NIS and NIP. */
export interface SchoolData {
  rombels: Map<string, number>;
  usernames: string[];
  byUsername: Map<string, ExistingUser>;
  byEmail: Map<string, ExistingUser>;
  byNis: Map<string, ExistingUser>;
  byNip: Map<string, ExistingUser>;
  byNisn: Map<string, ExistingUser>;
  /** NIS and NIP (as `nis:…`, `nip:…`) that more than one user holds: a row cannot be matched by them. */
  sharedNumbers: Set<string>;
}

/** Rombel names match ignoring case and spacing ("x  tkj 1" is "X TKJ 1"). */
export const rombelKey = (name: string) => name.replace(/\s+/g, ' ').trim().toLowerCase();
