import { Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { departmentBody, SCHOOL_MSG, type SchoolDepartment } from '@kelasku/contract';
import { useSaveDepartment } from '../../api/school-year';
import { FormModal } from '../../components/FormModal';

interface DepartmentForm extends Record<string, unknown> {
  code: string;
  name: string;
  short_name: string;
  enabled: boolean;
}

/** `department` undefined: closed; null: Tambah jurusan; a department: Ubah jurusan. */
export function DepartmentFormModal({ department, onClose }: { department: SchoolDepartment | null | undefined; onClose: () => void }) {
  const save = useSaveDepartment();
  const initialValues: DepartmentForm = {
    code: department?.code ?? '',
    name: department?.name ?? '',
    short_name: department?.short_name ?? '',
    enabled: department?.enabled ?? true,
  };
  const form = useForm<DepartmentForm>({ initialValues, validate: schemaResolver(departmentBody, { sync: true }) });
  const { code, name, short_name } = form.values;
  return (
    <FormModal
      opened={department !== undefined}
      onClose={onClose}
      title={department ? 'Ubah jurusan' : 'Tambah jurusan'}
      form={form}
      initialValues={initialValues}
      draft={department ? `jurusan-${department.id}` : 'jurusan-baru'}
      savedMessage={department ? SCHOOL_MSG.departmentUpdated : SCHOOL_MSG.departmentCreated}
      ready={code.trim() !== '' && name.trim() !== '' && short_name.trim() !== ''}
      save={(v) =>
        save.mutateAsync({
          id: department?.id,
          body: { code: v.code.trim().toUpperCase(), name: v.name.trim(), short_name: v.short_name.trim(), enabled: v.enabled },
        })
      }
    >
      <TextInput
        label="Kode"
        description="Huruf, angka, titik atau tanda hubung, misalnya AKL"
        required
        data-autofocus
        maxLength={20}
        {...form.getInputProps('code')}
      />
      <TextInput
        label="Nama jurusan"
        placeholder="Akuntansi dan Keuangan Lembaga"
        required
        maxLength={150}
        {...form.getInputProps('name')}
      />
      <TextInput label="Singkatan" placeholder="AKL" required maxLength={20} {...form.getInputProps('short_name')} />
      <Switch
        label="Aktif"
        description="Rombel baru hanya dapat dibuat di jurusan yang aktif"
        {...form.getInputProps('enabled', { type: 'checkbox' })}
      />
    </FormModal>
  );
}
