/** Placeholder (issue 38): the class's meetings ("Presensi" tab of the teacher's class page). */
export function MeetingsTab({ classId }: { classId: number }) {
  return <div data-class={classId}>Presensi</div>;
}
