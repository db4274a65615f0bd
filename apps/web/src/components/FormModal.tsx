import { useEffect, useState, type ReactNode } from 'react';
import { Modal, Stack, Text, type ModalProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formFailure } from '../lib/form-errors';
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
 */
export function FormModal<V extends Record<string, unknown>>(props: FormModalProps<V>) {
  const {
    opened,
    onClose,
    title,
    size,
    form,
    initialValues,
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

  // A fresh form each time the dialog opens.
  useEffect(() => {
    if (!opened) return;
    form.setValues(initialValues);
    form.resetDirty(initialValues);
    form.clearErrors();
    setMessage(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const submit = form.onSubmit(async (values) => {
    setMessage(null);
    try {
      const res = await save(values);
      toastSuccess(res.message ?? savedMessage, savedToastMs);
      onClose();
    } catch (err) {
      if (onError) return onError(err);
      const failure = formFailure(err, Object.keys(values));
      form.setErrors(failure.fields);
      setMessage(failure.message);
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
      <form noValidate onSubmit={submit}>
        <Stack>
          {children}
          {message && (
            <Text c="red" size="sm" role="alert">
              {message}
            </Text>
          )}
          <FormActions
            onCancel={onCancel ?? onClose}
            submit={showSubmit ? submitLabel : null}
            disabled={!ready || hasFieldErrors || form.submitting}
            loading={form.submitting}
          />
        </Stack>
      </form>
    </Modal>
  );
}
