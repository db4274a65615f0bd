import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Modal, Stack, Text, type ModalProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { getSessionUser } from '../api/session';
import { DRAFT_RESTORED, draftKey, draftOf, formKey, readDraft, useDraft, withDraft } from '../lib/drafts';
import { showFailure } from '../lib/form-errors';
import { toastSuccess } from '../lib/toast';
import { FormActions } from './FormActions';

export interface FormModalProps<V extends Record<string, unknown>> {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  /** A @mantine/form form whose validator is the contract's schema (schemaResolver). */
  form: UseFormReturnType<V>;
  /** The values every opening starts from (read when the dialog opens). */
  initialValues: V;
  /**
   * The form's name among the page's forms ("komentar", "konten-12"), under which what the user
   * types is kept as a draft until it is sent or cancelled with Batal; null keeps no draft (a
   * password, a file). Passwords and files are never kept anyway.
   */
  draft: string | null;
  /** Sends the checked values; resolves to the API's answer, whose message becomes the green toast. */
  save: (values: V) => Promise<{ message?: string }>;
  /** The green toast when the answer carries no message. */
  savedMessage: string;
  /** How long the green toast stays (SPEC §9: 3 s, or 5 s for uploads). */
  savedToastMs?: number;
  /** The submit button is enabled only when the required fields are filled. */
  ready: boolean;
  submitLabel?: string;
  /** False hides the submit button (the upload dialog shows it once a file is chosen). */
  showSubmit?: boolean;
  /** While true the dialog cannot be closed (Escape, outside click, the X), e.g. during an upload. */
  locked?: boolean;
  /** The Batal button; closes the dialog unless given. */
  onCancel?: () => void;
  /** Shows a failed save itself (e.g. as a toast) instead of under the inputs. */
  onError?: (err: unknown) => void;
  children: ReactNode;
}

/**
 * Every dialog with a form: the inputs, one form message, and Batal / submit. Submitting checks the
 * values with the form's schema first; a refused save puts the server's field messages under their
 * inputs and anything else in the form message; a successful one shows a green toast and closes.
 *
 * What the user types is kept as a draft (lib/drafts.ts) of this user, page and form: it survives
 * an ended session, a page left or reloaded, and the dialog closed with X, Escape or a click
 * beside it, and comes back with a note when the same form opens again. A successful save and
 * Batal remove it.
 */
export function FormModal<V extends Record<string, unknown>>(props: FormModalProps<V>) {
  const {
    opened,
    onClose,
    title,
    size,
    form,
    initialValues,
    draft: draftName,
    save,
    savedMessage,
    savedToastMs,
    ready,
    submitLabel = 'Simpan',
    showSubmit = true,
    locked,
    onCancel,
    onError,
    children,
  } = props;
  const [message, setMessage] = useState<string | null>(null);
  const drafts = useDraft();
  // The draft's storage key while open (fixed at opening: the page is the one the dialog opened on).
  const [draftAt, setDraftAt] = useState<string | null>(null);
  const [restored, setRestored] = useState(false);
  // A draft is kept once the user has typed (not for values a form sets itself, like a default rombel).
  const typed = useRef(false);

  // A fresh form each time the dialog opens, or the draft left of it; closing keeps the draft.
  useEffect(() => {
    if (!opened) {
      drafts.flush();
      return;
    }
    const user = getSessionUser();
    const key = draftName && user ? draftKey(user.id, formKey(window.location.pathname, draftName)) : null;
    const saved = key ? readDraft(key) : null;
    form.setValues(saved ? withDraft(initialValues, saved) : initialValues);
    form.resetDirty(initialValues);
    form.clearErrors();
    setMessage(null);
    setDraftAt(key);
    setRestored(saved !== null);
    typed.current = saved !== null;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  useEffect(() => {
    if (opened && draftAt && typed.current) drafts.save(draftAt, draftOf(form.values, initialValues));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form.values]);

  const dropDraft = () => {
    if (draftAt) drafts.discard(draftAt);
  };

  const submit = form.onSubmit(async (values) => {
    setMessage(null);
    try {
      const res = await save(values);
      dropDraft();
      toastSuccess(res.message ?? savedMessage, savedToastMs);
      onClose();
    } catch (err) {
      if (onError) return onError(err);
      setMessage(showFailure(form, err, Object.keys(values)));
    }
  });

  const hasFieldErrors = Object.values(form.errors).some(Boolean);
  return (
    <Modal
      opened={opened}
      onClose={() => !locked && onClose()}
      title={title}
      size={size}
      closeOnClickOutside={!locked}
      closeOnEscape={!locked}
      withCloseButton={!locked}
    >
      <form noValidate onSubmit={submit} onInput={() => (typed.current = true)}>
        <Stack>
          {restored && (
            <Text size="sm" c="dimmed" role="status">
              {DRAFT_RESTORED}
            </Text>
          )}
          {children}
          {message && (
            <Text c="red" size="sm" role="alert">
              {message}
            </Text>
          )}
          <FormActions
            onCancel={() => {
              // Batal means "not this": the draft goes (during an upload it only stops the upload).
              if (!locked) dropDraft();
              (onCancel ?? onClose)();
            }}
            submit={showSubmit ? submitLabel : null}
            disabled={!ready || hasFieldErrors || form.submitting}
            loading={form.submitting}
          />
        </Stack>
      </form>
    </Modal>
  );
}
