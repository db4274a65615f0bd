import { Textarea, type TextareaProps } from '@mantine/core';
import { LIMITS } from '@kelasku/contract';
import { MathPreview } from './math/MathPreview';

/**
 * The "Deskripsi" box of a class, a content, a forum or an assignment; a formula typed in it
 * (issue 41) is previewed below it.
 */
export function DescriptionField(props: TextareaProps) {
  return (
    <>
      <Textarea label="Deskripsi" maxLength={LIMITS.textMax} autosize minRows={3} maxRows={10} {...props} />
      <MathPreview text={typeof props.value === 'string' ? props.value : ''} />
    </>
  );
}
