import type { ReactNode, RefObject } from 'react';
import { Button, FileButton, Group, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconCloudUpload, IconPaperclip } from '@tabler/icons-react';
import { DOCUMENT_ACCEPT } from '@kelasku/contract';

export interface FilesPickerProps {
  onAdd: (files: File[]) => void;
  disabled: boolean;
  /** The drop area's text ("Tarik dan lepas file … ke sini"). */
  dropText: string;
  /** The accessible name of the file input behind "Pilih file". */
  inputLabel: string;
  resetRef: RefObject<(() => void) | null>;
  /** More buttons beside "Pilih file" (a camera). */
  children?: ReactNode;
}

/**
 * Several files, dropped on the area (wide screens, for the mouse) or picked with "Pilih file"
 * (keyboard, phones). The caller checks and keeps them.
 */
export function FilesPicker({ onAdd, disabled, dropText, inputLabel, resetRef, children }: FilesPickerProps) {
  return (
    <>
      <Dropzone
        visibleFrom="sm"
        onDrop={onAdd}
        multiple
        disabled={disabled}
        // The drop area is for the mouse; keyboard and phone users take the buttons below it.
        role="group"
        tabIndex={-1}
        activateOnKeyboard={false}
        activateOnClick={false}
        aria-label="Area unggah: tarik dan lepas file ke sini"
      >
        <Group justify="center" gap="sm" mih={80} style={{ pointerEvents: 'none' }}>
          <IconCloudUpload size={32} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text size="sm">{dropText}</Text>
        </Group>
      </Dropzone>
      <Group gap="xs">
        <FileButton
          onChange={onAdd}
          multiple
          accept={DOCUMENT_ACCEPT}
          resetRef={resetRef}
          disabled={disabled}
          inputProps={{ 'aria-label': inputLabel }}
        >
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconPaperclip size={16} />} disabled={disabled}>
              Pilih file
            </Button>
          )}
        </FileButton>
        {children}
      </Group>
    </>
  );
}
