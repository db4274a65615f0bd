import { useRef } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFile, IconUpload, IconX } from '@tabler/icons-react';
import { FILE_MSG, MB, MSG } from '@kelasku/contract';

export function formatBytes(n: number): string {
  if (n >= MB) return `${(n / MB).toFixed(1).replace('.', ',')} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} B`;
}

/** Indonesian messages for the drop checks (SPEC §5 file-drop messages). */
function rejectionMessage(r: FileRejection, maxBytes: number, tooLargeMessage: string): string {
  const code = r.errors[0]?.code;
  if (code === 'file-too-large') return tooLargeMessage;
  if (code === 'file-invalid-type') return MSG.fileType;
  if (code === 'too-many-files') return FILE_MSG.oneFileOnly;
  return r.errors[0]?.message ?? `File maksimal ${formatBytes(maxBytes)}`;
}

export interface FileDropzoneProps {
  file: File | null;
  onChange: (file: File | null) => void;
  /** The client-side size check; the server checks again. */
  maxBytes: number;
  /** Shown when the file is over maxBytes, e.g. "Ukuran file maksimal 50 MB". */
  tooLargeMessage: string;
  /** Accessible name of the drop area and the file input. */
  label: string;
  hint?: string;
  accept?: string[];
  error?: string | null;
  onError?: (message: string | null) => void;
  disabled?: boolean;
}

/** One file, picked by click, keyboard or drag and drop, with the size and type checks of the form. */
export function FileDropzone({
  file,
  onChange,
  maxBytes,
  tooLargeMessage,
  label,
  hint,
  accept,
  error,
  onError,
  disabled,
}: FileDropzoneProps) {
  // The drop area is for the mouse; keyboard and screen-reader users get the button below it.
  const openRef = useRef<() => void>(null);
  return (
    <Stack gap={6}>
      <Dropzone
        onDrop={(files) => {
          const picked = files[0] ?? null;
          if (picked && picked.size === 0) {
            onChange(null);
            onError?.(MSG.fileEmpty);
            return;
          }
          onError?.(null);
          onChange(picked);
        }}
        onReject={(rejections) => {
          onChange(null);
          if (rejections[0]) onError?.(rejectionMessage(rejections[0], maxBytes, tooLargeMessage));
        }}
        maxSize={maxBytes}
        multiple={false}
        accept={accept}
        disabled={disabled}
        openRef={openRef}
        activateOnKeyboard={false}
        tabIndex={-1}
        inputProps={{ 'aria-label': label }}
        style={error ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
      >
        <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={36} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={36} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFile size={36} aria-hidden />
          </Dropzone.Idle>
          <div>
            {file ? (
              <>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatBytes(file.size)} · klik untuk mengganti
                </Text>
              </>
            ) : (
              <>
                <Text size="sm">Seret file ke sini atau klik untuk memilih</Text>
                {hint && (
                  <Text size="xs" c="dimmed">
                    {hint}
                  </Text>
                )}
              </>
            )}
          </div>
        </Group>
      </Dropzone>
      <Group>
        <Button variant="default" size="xs" leftSection={<IconFile size={14} />} onClick={() => openRef.current?.()} disabled={disabled}>
          {file ? 'Ganti file' : 'Pilih file'}
        </Button>
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
