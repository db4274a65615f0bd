import { useRef, useState } from 'react';
import { schemaResolver, useForm } from '@mantine/form';
import { TOAST_MS, handInFields, type AssignmentWithSubmission } from '@kelasku/contract';
import { getSessionUser } from '../../api/session';
import { useHandIn } from '../../api/submissions';
import { usePageDraft } from '../../lib/drafts';
import { showFailure } from '../../lib/form-errors';
import { errorMessage, toastApiError, toastSuccess } from '../../lib/toast';
import { shrinkPhoto } from '../../lib/photos';
import { uploadIds, uploadsBlocker, useUploads } from '../../uploads/useUploads';
import { addFiles, handInFormData, handInProblem } from './hand-in';

interface AnswerForm extends Record<string, unknown> {
  text: string;
}

/**
 * The logic of "Kirim tugas": the answer form and its draft, the files kept and removed, the new
 * files (uploading as soon as they are picked), the limits, and the hand-in itself.
 */
export function useHandInForm(a: AssignmentWithSubmission, onDone: () => void) {
  const s = a.submission;
  const handIn = useHandIn(a.id);
  const initial: AnswerForm = { text: s.text_answer ?? '' };
  const form = useForm<AnswerForm>({ initialValues: initial, validate: schemaResolver(handInFields, { sync: true }) });
  const draft = usePageDraft(form, `jawaban-${a.id}`, initial, getSessionUser()?.id);
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const uploads = useUploads(`tugas-${a.id}`);
  const [refused, setRefused] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  /** The hand-in itself was refused or did not arrive: stays until the student sends again. */
  const [failure, setFailure] = useState<string | null>(null);
  const resetPick = useRef<() => void>(null);
  const resetPhoto = useRef<() => void>(null);
  const sending = handIn.isPending;

  const kept = s.files.filter((f) => !removed.has(f.file_id));
  const chosen = uploads.items.map((i) => i.file);
  const count = kept.length + chosen.length;
  const total = kept.reduce((n, f) => n + f.size, 0) + chosen.reduce((n, f) => n + f.size, 0);
  const waitReason = uploadsBlocker(uploads.items);

  // Photos are made lighter first (lib/photos.ts), then checked against the limits, then start
  // uploading. "Foto tugas" has shrunk its photos already. What the camera took or "Foto tugas"
  // made cannot be picked again after a reload: the browser keeps it for "Lanjutkan".
  const add = (picked: File[], from: 'pick' | 'camera' | 'photos' = 'pick') => {
    void Promise.all(from === 'photos' ? picked : picked.map(shrinkPhoto)).then((files) => {
      const next = addFiles(
        chosen,
        files,
        kept.map((f) => f.size),
      );
      uploads.add(next.chosen.slice(chosen.length), { keep: from !== 'pick' });
      setRefused(next.refused);
      setProblem(null);
      resetPick.current?.();
      resetPhoto.current?.();
    });
  };

  const toggle = (id: number) =>
    setRemoved((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const send = async ({ text }: AnswerForm) => {
    const missing = handInProblem(kept.length, chosen.length, text) ?? waitReason;
    setProblem(missing);
    if (missing) return;
    setFailure(null);
    try {
      const res = await handIn.mutateAsync({
        form: handInFormData(
          uploadIds(uploads.items),
          kept.map((f) => f.file_id),
          text,
        ),
      });
      draft.discard();
      uploads.finish();
      setRemoved(new Set());
      setRefused([]);
      toastSuccess(`${res.message ?? 'Berhasil'}, Tugasmu berhasil dikumpulkan.`, TOAST_MS.long);
      onDone();
    } catch (err) {
      setFailure(showFailure(form, err, ['text']) ?? errorMessage(err));
      toastApiError(err, TOAST_MS.long);
    }
  };

  const submit = () => {
    if (!form.validate().hasErrors) void send(form.getValues());
  };

  return {
    form,
    draft,
    removed,
    uploads,
    refused,
    problem,
    failure,
    resetPick,
    resetPhoto,
    sending,
    count,
    total,
    waitReason,
    add,
    toggle,
    submit,
  };
}

export type HandInFormState = ReturnType<typeof useHandInForm>;
