import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { getSessionUser } from '../api/session';
import { DRAFT_RESTORED, usePageDraft } from '../lib/drafts';
import { showFailure } from '../lib/form-errors';
import { MathPreview } from './math/MathPreview';

interface BodyForm extends Record<string, unknown> {
  body: string;
}

const EMPTY: BodyForm = { body: '' };

/**
 * A text box with "Kirim" under a list (a private thread, the class's announcements): checked with
 * the contract's `{body}` schema, kept as a draft of this page while typed, emptied once sent; a
 * refusal shows under the box.
 */
export function SendBox({
  schema,
  draftKey,
  label,
  placeholder,
  maxLength,
  mathPreview = false,
  sending,
  send,
}: {
  /** The contract's body schema (`{body}`). */
  schema: Parameters<typeof schemaResolver>[0];
  draftKey: string;
  label: string;
  placeholder: string;
  maxLength: number;
  /** Issue 41: previews the formulas typed (the announcements; a private thread shows plain text). */
  mathPreview?: boolean;
  sending: boolean;
  send: (body: string) => Promise<unknown>;
}) {
  const form = useForm<BodyForm>({ initialValues: EMPTY, validate: schemaResolver(schema, { sync: true }) });
  const draft = usePageDraft(form, draftKey, EMPTY, getSessionUser()?.id);

  const submit = form.onSubmit(async ({ body }) => {
    try {
      await send(body);
      draft.discard();
      form.setValues(EMPTY);
      form.resetDirty(EMPTY);
    } catch (err) {
      const message = showFailure(form, err, ['body']);
      if (message) form.setFieldError('body', message);
    }
  });

  return (
    <form noValidate onSubmit={submit} onInput={draft.onInput}>
      <Stack gap="xs">
        {draft.restored && (
          <Text size="sm" c="dimmed" role="status">
            {DRAFT_RESTORED}
          </Text>
        )}
        <Textarea
          label={label}
          placeholder={placeholder}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={maxLength}
          {...form.getInputProps('body')}
        />
        {mathPreview && <MathPreview text={form.values.body} />}
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={sending}
            disabled={form.values.body.trim() === ''}
          >
            Kirim
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
