import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LEAVE_MSG } from '@kelasku/contract';
import { json, renderPage } from '../../test/render-page';
import { leaveRequest as request } from '../../test/leave-request';
import StudentLeavePage from './StudentLeavePage';

/** The upload goes through XMLHttpRequest (progress): this one answers with `answer`. */
function fakeXhr(status: number, body: unknown) {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    abort() {}
    send(form: FormData) {
      sent.push(form);
      this.status = status;
      this.responseText = JSON.stringify(body);
      setTimeout(() => this.onload?.(), 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('StudentLeavePage', () => {
  it('sends the form with the letter and shows the server’s refusal of the file under the picker', async () => {
    renderPage(<StudentLeavePage />, () =>
      json(200, { success: true, data: [request(1, { status: 'approved', decision_note: 'Semoga lekas sembuh' })] }),
    );
    const sent = fakeXhr(415, { success: false, message: LEAVE_MSG.fileType });
    expect(await screen.findByText('Semoga lekas sembuh')).toBeTruthy();
    expect(screen.getByText('Disetujui')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Kirim permohonan' }));
    expect(await screen.findByText(LEAVE_MSG.reasonRequired)).toBeTruthy();
    expect(screen.getByText(LEAVE_MSG.fileRequired)).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Keterangan' }), 'Demam tinggi');
    const fake = new File(['ini bukan gambar'], 'surat.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Surat izin atau surat dokter'), fake);
    expect(await screen.findByText('surat.jpg')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Kirim permohonan' }));
    expect(await screen.findByText(LEAVE_MSG.fileType)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('kind')).toBe('S');
    expect(sent[0]!.get('reason')).toBe('Demam tinggi');
    expect((sent[0]!.get('file') as File).name).toBe('surat.jpg');
  });
});
