import { useState } from 'react';
import { Modal, NativeSelect, TextInput } from '@mantine/core';
import { GRADES, type RombelClass } from '@kelasku/contract';
import { useDepartments, useSaveRombel } from '../../api/admin';
import { ModalForm } from '../admin-dashboard/parts';

/** The Add/Edit Rombel form: save stays disabled until the name, an enabled department and a grade are set. */
function RombelForm({ rombel, onClose }: { rombel: RombelClass | null; onClose: () => void }) {
  const departments = useDepartments();
  const save = useSaveRombel();
  const enabled = (departments.data ?? []).filter((d) => d.enabled);
  const [departmentId, setDepartmentId] = useState(rombel ? String(rombel.department_id) : '');
  const [name, setName] = useState(rombel?.name ?? '');
  const [grade, setGrade] = useState(rombel ? String(rombel.grade) : '');
  // A new rombel starts in the first department that may be chosen.
  const department = departmentId || (rombel ? '' : String(enabled[0]?.id ?? ''));
  // An existing rombel may keep a department that was disabled later; a new choice must be enabled.
  const departmentOk = !!department && (enabled.some((d) => String(d.id) === department) || department === String(rombel?.department_id));
  const valid = departmentOk && !!name.trim() && GRADES.some((g) => String(g) === grade);

  return (
    <ModalForm
      valid={valid}
      onClose={onClose}
      save={() => save.mutateAsync({ id: rombel?.id, body: { department_id: Number(department), name: name.trim(), grade: Number(grade) } })}
    >
      {(failure) => (
        <>
          <NativeSelect
            label="Department"
            required
            value={department}
            onChange={(e) => setDepartmentId(e.currentTarget.value)}
            error={failure?.field('department_id')}
            data={[
              { value: '', label: departments.isPending ? 'Memuat…' : 'Pilih department', disabled: true },
              ...(departments.data ?? []).map((d) => ({
                value: String(d.id),
                label: d.enabled ? d.name : `${d.name} (belum dapat dipilih)`,
                disabled: !d.enabled && d.id !== rombel?.department_id,
              })),
            ]}
          />
          <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={failure?.field('name')} data-autofocus />
          <NativeSelect
            label="Grade"
            required
            value={grade}
            onChange={(e) => setGrade(e.currentTarget.value)}
            error={failure?.field('grade')}
            data={[{ value: '', label: 'Pilih grade', disabled: true }, ...GRADES.map((g) => ({ value: String(g), label: String(g) }))]}
          />
        </>
      )}
    </ModalForm>
  );
}

/** `rombel` undefined: closed; null: Add Rombel; a rombel: Edit Rombel. */
export function RombelFormModal({ rombel, onClose }: { rombel: RombelClass | null | undefined; onClose: () => void }) {
  return (
    <Modal opened={rombel !== undefined} onClose={onClose} title={rombel ? 'Edit Rombel' : 'Add Rombel'}>
      {rombel !== undefined && <RombelForm key={rombel?.id ?? 'new'} rombel={rombel} onClose={onClose} />}
    </Modal>
  );
}
