import { ApiError } from './api-error';
import { errorMessage } from './toast';

/** What a failed save shows: messages under the form's own inputs, or one message for the whole form. */
export interface FormFailure {
  fields: Record<string, string>;
  message: string | null;
}

/**
 * Maps an API failure onto a form: the first message of each field the form has goes under its
 * input (`form.setErrors(fields)`); a failure without such fields (a network error, a 409 on the
 * whole object, a field the form does not show) becomes the one form message.
 */
export function formFailure(err: unknown, formFields: readonly string[]): FormFailure {
  const fields: Record<string, string> = {};
  let other: string | null = null;
  if (err instanceof ApiError) {
    for (const [name, messages] of Object.entries(err.errors)) {
      const first = messages[0];
      if (!first) continue;
      if (formFields.includes(name)) fields[name] = first;
      else other ??= first;
    }
  }
  if (other !== null) return { fields, message: other };
  return { fields, message: Object.keys(fields).length > 0 ? null : errorMessage(err) };
}

/** Shows a failed save on its form: each field's message under its input; returns the one form message (null: none). */
export function showFailure(
  form: { setErrors: (errors: Record<string, string>) => void },
  err: unknown,
  formFields: readonly string[],
): string | null {
  const failure = formFailure(err, formFields);
  form.setErrors(failure.fields);
  return failure.message;
}
