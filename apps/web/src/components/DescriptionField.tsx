import { Textarea, type TextareaProps } from '@mantine/core';
import { LIMITS } from '@kelasku/contract';

/** The "Deskripsi" box of a class, a content, a forum or an assignment. */
export function DescriptionField(props: TextareaProps) {
  return <Textarea label="Deskripsi" maxLength={LIMITS.textMax} autosize minRows={3} maxRows={10} {...props} />;
}
