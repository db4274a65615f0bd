import type { ReactNode } from 'react';
import { Modal, Stack, Text, Textarea, type ModalProps, type TextareaProps } from '@mantine/core';
import { LIMITS } from '@kelasku/contract';
import { ApiError } from '../../api/client';
import { errorMessage, toastSuccess } from '../../lib/toast';
import { FormActions } from '../../components/FormActions';

export type FormErrors = Record<string, string | undefined>;

/**
 * The callbacks of a form's save: a green toast with the server message and `done`; on failure the
 * field messages under their inputs (`fields` maps an input to the API's field name), or one form message.
 */
export function saveCallbacks<R extends { message?: string }>(opts: {
  fallback: string;
  fields: Record<string, string>;
  setErrors: (errors: FormErrors) => void;
  done: (res: R) => void;
}) {
  return {
    onSuccess: (res: R) => {
      toastSuccess(res.message ?? opts.fallback);
      opts.done(res);
    },
    onError: (err: unknown) => {
      if (err instanceof ApiError && Object.keys(err.errors).length > 0) {
        opts.setErrors(Object.fromEntries(Object.entries(opts.fields).map(([input, field]) => [input, err.field(field)])));
      } else opts.setErrors({ form: errorMessage(err) });
    },
  };
}

export interface ModalFormProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  /** Closing (Escape, outside click, the X) is refused while true, e.g. during an upload. */
  locked?: boolean;
  onSubmit: () => void;
  /** A message of the whole form (server or network), shown above the buttons. */
  error?: string | null;
  submitLabel: string;
  submitDisabled: boolean;
  loading: boolean;
  /** The Batal button; closes the modal unless given. */
  onCancel?: () => void;
  children: ReactNode;
}

/** The dialogs of the class page: a Mantine modal holding a form with Batal and a submit button. */
export function ModalForm({ opened, onClose, title, size, locked, onSubmit, error, submitLabel, submitDisabled, loading, onCancel, children }: ModalFormProps) {
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
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Stack>
          {children}
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <FormActions onCancel={onCancel ?? onClose} submit={submitLabel} disabled={submitDisabled} loading={loading} />
        </Stack>
      </form>
    </Modal>
  );
}

/** The optional "Deskripsi" of a class or a content. */
export function DescriptionField({ value, onChange, ...rest }: { value: string; onChange: (v: string) => void } & Omit<TextareaProps, 'value' | 'onChange'>) {
  return (
    <Textarea
      label="Deskripsi"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={LIMITS.textMax}
      autosize
      minRows={3}
      maxRows={10}
      {...rest}
    />
  );
}
