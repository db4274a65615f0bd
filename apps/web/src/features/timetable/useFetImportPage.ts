import { useEffect, useState } from 'react';
import type { FetPreview, FetTeacherChoice } from '@kelasku/contract';
import { useAllTeachers, useFetImport, useFetPreview } from '../../api/timetable';
import { errorMessage, toastError } from '../../lib/toast';

/** The value of a teacher's select: an account id, or "new" for a new account with a slip. */
export const NEW_ACCOUNT = 'new';

/** Each FET teacher's default: the matched account, else a new one. */
export function defaultChoices(preview: FetPreview): Record<string, string> {
  return Object.fromEntries(preview.teachers.map((t) => [t.fet_name, t.match ? String(t.match.id) : NEW_ACCOUNT]));
}

export function toChoices(choices: Record<string, string>): FetTeacherChoice[] {
  return Object.entries(choices).map(([fet_name, v]) => ({ fet_name, user_id: v === NEW_ACCOUNT ? null : Number(v) }));
}

/** The FET import: the two files, the preview read on every change, the teachers' choices and the import. */
export function useFetImportPage() {
  const [fet, setFet] = useState<File | null>(null);
  const [csv, setCsv] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [csvError, setCsvError] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const preview = useFetPreview();
  const run = useFetImport();
  const teachers = useAllTeachers();

  const read = (f: File | null, c: File | null) => {
    preview.reset();
    run.reset();
    if (f) preview.mutate({ fet: f, timetable: c });
  };
  const chooseFet = (f: File | null) => {
    setFet(f);
    read(f, csv);
  };
  const chooseCsv = (c: File | null) => {
    setCsv(c);
    read(fet, c);
  };

  useEffect(() => {
    if (preview.data) setChoices(defaultChoices(preview.data));
  }, [preview.data]);

  const choose = (fetName: string, value: string | null) => setChoices((prev) => ({ ...prev, [fetName]: value ?? NEW_ACCOUNT }));
  const newAccounts = Object.values(choices).filter((v) => v === NEW_ACCOUNT).length;
  const canImport = fet !== null && preview.data !== undefined && preview.data.errors.length === 0 && !run.isPending;

  const start = () => {
    if (!fet) return;
    run.mutate({ files: { fet, timetable: csv }, teachers: toChoices(choices) }, { onError: (err) => toastError(errorMessage(err)) });
  };
  const again = () => {
    setFet(null);
    setCsv(null);
    read(null, null);
  };

  return {
    fet,
    csv,
    chooseFet,
    chooseCsv,
    fileError,
    setFileError,
    csvError,
    setCsvError,
    preview,
    teachers,
    choices,
    choose,
    newAccounts,
    canImport,
    start,
    run,
    again,
  };
}
export type FetPage = ReturnType<typeof useFetImportPage>;
