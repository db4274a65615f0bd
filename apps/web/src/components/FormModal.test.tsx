import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ADMIN_MSG, rombelBody } from '@kelasku/contract';
import { ApiError } from '../api/client';
import { saveSession } from '../api/session';
import { DRAFT_RESTORED } from '../lib/drafts';
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
      draft="rombel-baru"
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

describe('FormModal drafts', () => {
  const student = {
    id: 7,
    name: 'Andi',
    username: 'andi',
    email: null,
    role: 'student' as const,
    avatar: null,
    must_change_password: false,
  };
  const KEY = 'kelasku:draft:7:/#rombel-baru';
  // Before each test too: a dialog still open at the end of a test writes its draft as it is unmounted.
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  const fill = async () => {
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'XII TKJ 3');
    await userEvent.type(screen.getByRole('textbox', { name: 'Grade' }), '1');
  };

  it('keeps what was typed and brings it back, with a note, when the form opens again', async () => {
    saveSession('t', student);
    const first = renderDialog(vi.fn());
    expect(screen.queryByText(DRAFT_RESTORED)).toBeNull();
    await fill();
    await waitFor(() => expect(localStorage.getItem(KEY)).not.toBeNull());
    // The page goes away (an ended session): the draft stays.
    first.unmount();
    expect(JSON.parse(localStorage.getItem(KEY)!).values).toEqual({ department_id: '1', name: 'XII TKJ 3', grade: '1' });
    renderDialog(vi.fn());
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('XII TKJ 3');
    expect(screen.getByText(DRAFT_RESTORED)).toBeTruthy();
  });

  it('writes the last keystrokes at once when the form goes away', async () => {
    saveSession('t', student);
    const view = renderDialog(vi.fn());
    await fill();
    view.unmount();
    expect(JSON.parse(localStorage.getItem(KEY)!).values.grade).toBe('1');
  });

  it('removes the draft on Batal and after a successful save', async () => {
    saveSession('t', student);
    const view = renderDialog(vi.fn());
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Batal' }));
    view.unmount();
    expect(localStorage.getItem(KEY)).toBeNull();

    const save = vi.fn().mockResolvedValue({ message: 'ok' });
    const again = renderDialog(save);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'X TKJ 9');
    await userEvent.type(screen.getByRole('textbox', { name: 'Grade' }), '10');
    await waitFor(() => expect(localStorage.getItem(KEY)).not.toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    again.unmount();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("never shows another user's draft", () => {
    localStorage.setItem('kelasku:draft:8:/#rombel-baru', JSON.stringify({ at: Date.now(), values: { name: 'punya orang lain' } }));
    saveSession('t', student);
    renderDialog(vi.fn());
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(DRAFT_RESTORED)).toBeNull();
    // Logging in as user 7 removed user 8's draft.
    expect(localStorage.getItem('kelasku:draft:8:/#rombel-baru')).toBeNull();
  });
});
