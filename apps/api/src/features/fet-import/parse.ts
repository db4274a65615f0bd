/**
 * Reading FET's files: the .fet (XML: days, hours, teachers, subjects, student sets, activities)
 * and the timetable CSV fet-cl exports (--exportcsv=true: *_timetable.csv, one row per activity
 * and hour). Pure: no database.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse as parseCsv } from 'csv-parse/sync';
import { TIMETABLE_MSG } from '@kelasku/contract';
import { HttpError } from '../../http/errors.js';

export interface FetActivity {
  id: string;
  teachers: string[];
  subject: string;
  students: string[];
  duration: number;
}

export interface FetFile {
  institution: string;
  days: string[];
  hours: string[];
  teachers: string[];
  subjects: string[];
  years: Set<string>;
  groups: Set<string>;
  subgroups: Set<string>;
  activities: FetActivity[];
}

const LISTS = new Set(['Day', 'Hour', 'Teacher', 'Subject', 'Year', 'Group', 'Subgroup', 'Activity', 'Students']);
const str = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]);
const unreadable = () => new HttpError(422, TIMETABLE_MSG.fetUnreadable);

type Node = Record<string, unknown>;
/** The children named `name` of a parsed element (none, one or many). */
const kids = (v: unknown, name: string): Node[] => list((v as Node | undefined)?.[name]) as Node[];
const child = (v: unknown, name: string): Node | undefined => (v as Node | undefined)?.[name] as Node | undefined;

/** The .fet file, or 422 fetUnreadable (not XML, truncated, not FET's). */
export function parseFet(bytes: Buffer): FetFile {
  const xml = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (XMLValidator.validate(xml) !== true) throw unreadable();
  const doc = new XMLParser({ ignoreAttributes: true, parseTagValue: false, isArray: (name) => LISTS.has(name) }).parse(xml) as Node;
  const fet = child(doc, 'fet');
  if (!fet || typeof fet !== 'object' || !fet.Days_List || !fet.Hours_List || !fet.Activities_List) throw unreadable();
  const years = new Set<string>();
  const groups = new Set<string>();
  const subgroups = new Set<string>();
  for (const y of kids(fet.Students_List, 'Year')) {
    years.add(str(y.Name));
    for (const g of kids(y, 'Group')) {
      groups.add(str(g.Name));
      for (const sg of kids(g, 'Subgroup')) subgroups.add(str(sg.Name));
    }
  }
  const activities = kids(fet.Activities_List, 'Activity')
    .filter((a) => str(a.Active) !== 'false')
    .map((a) => ({
      id: str(a.Id),
      teachers: list(a.Teacher).map(str).filter(Boolean),
      subject: str(a.Subject),
      students: list(a.Students).map(str).filter(Boolean),
      duration: Number(str(a.Duration)) || 1,
    }));
  const days = kids(fet.Days_List, 'Day').map((d) => str(d.Name));
  const hours = kids(fet.Hours_List, 'Hour').map((h) => str(h.Name));
  if (days.length === 0 || hours.length === 0) throw unreadable();
  return {
    institution: str(fet.Institution_Name),
    days,
    hours,
    teachers: kids(fet.Teachers_List, 'Teacher').map((x) => str(x.Name)),
    subjects: kids(fet.Subjects_List, 'Subject').map((x) => str(x.Name)),
    years,
    groups,
    subgroups,
    activities,
  };
}

export interface CsvPlacement {
  row: number;
  activityId: string;
  day: string;
  hour: string;
}

/** The rows of fet-cl's *_timetable.csv (Activity Id, Day, Hour …), or 422 fetCsvUnreadable. */
export function parseTimetableCsv(bytes: Buffer): CsvPlacement[] {
  let records: Record<string, string>[];
  try {
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    const delimiter = text.split('\n', 1)[0]!.includes(';') ? ';' : text.split('\n', 1)[0]!.includes('|') ? '|' : ',';
    records = parseCsv(text, { columns: true, skip_empty_lines: true, delimiter, relax_column_count: true, trim: true });
  } catch {
    throw new HttpError(422, TIMETABLE_MSG.fetCsvUnreadable);
  }
  if (records.length === 0 || !('Activity Id' in records[0]!) || !('Day' in records[0]!) || !('Hour' in records[0]!)) {
    throw new HttpError(422, TIMETABLE_MSG.fetCsvUnreadable);
  }
  return records.map((r, i) => ({ row: i + 2, activityId: str(r['Activity Id']), day: str(r.Day), hour: str(r.Hour) }));
}
