import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ADMIN_MSG, rombelBody } from '@kelasku/contract';
import { ApiError } from '../api/client';
import { FormModal } from './FormModal';

interface Values extends Record<string, unknown> {
  department_id: string;
  name: string;
  grade: string;
}

const INITIAL: Values = { department_id: '1', name: '', grade: '' };

function RombelDialog({ save, onClose = () => undefined }: { save: (v: Values) => Promise<{ message?: string }>; onClose?: () => void }) {
  const form = useForm<Values>({ initialValues: INITIAL, validate: schemaResolver(rombelBody, { sync: true }) });
  return (
    <FormModal
      opened
      onClose={onClose}
      title="Add Rombel"
      form={form}
      initialValues={INITIAL}
      save={save}
      savedMessage="Tersimpan"
      ready={form.values.name !== ''}
    >
      <TextInput label="Name" {...form.getInputProps('name')} />
      <TextInput label="Grade" {...form.getInputProps('grade')} />
    </FormModal>
  );
}

const renderDialog = (save: (v: Values) => Promise<{ message?: string }>) =>
  render(
    <MantineProvider theme={{ components: { InputWrapper: { defaultProps: { errorProps: { role: 'alert' } } } } }}>
      <RombelDialog save={save} />
    </MantineProvider>,
  );

describe('FormModal', () => {
  it('keeps Simpan disabled until the required field is filled', async () => {
    renderDialog(vi.fn());
    const simpan = screen.getByRole('button', { name: 'Simpan' }) as HTMLButtonElement;
    expect(simpan.disabled).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'XII TKJ 3');
    expect(simpan.disabled).toBe(false);
  });

  it("shows the contract schema's message under the input and sends nothing", async () => {
    const save = vi.fn();
    renderDialog(save);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'XII TKJ 3');
    await userEvent.type(screen.getByRole('textbox', { name: 'Grade' }), '13');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tingkat harus 10, 11 atau 12');
    expect(screen.getByRole('textbox', { name: 'Grade' }).getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();
  });

  it("puts the server's field error under its input and keeps the dialog open", async () => {
    const save = vi.fn().mockRejectedValue(new ApiError(409, ADMIN_MSG.rombelNameTaken, { name: [ADMIN_MSG.rombelNameTaken] }));
    renderDialog(save);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'X TKJ 1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Grade' }), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(save).toHaveBeenCalledWith({ department_id: '1', name: 'X TKJ 1', grade: '10' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Nama rombel sudah digunakan');
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    // Changing the name clears its message.
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'X');
    expect(screen.queryByText('Nama rombel sudah digunakan')).toBeNull();
  });

  it('shows a failure without field errors as one form message', async () => {
    renderDialog(vi.fn().mockRejectedValue(new ApiError(0, 'Tidak dapat terhubung ke server. Periksa koneksi internetmu.')));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'X TKJ 9');
    await userEvent.type(screen.getByRole('textbox', { name: 'Grade' }), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tidak dapat terhubung ke server. Periksa koneksi internetmu.');
  });
});
