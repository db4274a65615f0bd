import { PasswordInput } from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { LIMITS, passwordBody } from '@kelasku/contract';

/** The password change form (SPEC §5): the current password, the new one (5 to 64 characters, DECISIONS "Sessions and passwords") and its confirmation. */
export interface PasswordForm extends Record<string, unknown> {
  password: string;
  new_password: string;
  new_password_confirmation: string;
}

export const NO_PASSWORDS: PasswordForm = { password: '', new_password: '', new_password_confirmation: '' };

/** The form with the contract's rules and messages; the new fields are checked as they are typed. */
export function usePasswordForm() {
  return useForm<PasswordForm>({
    initialValues: NO_PASSWORDS,
    validate: schemaResolver(passwordBody, { sync: true }),
    validateInputOnChange: ['new_password', 'new_password_confirmation'],
  });
}

/** Save stays disabled until all three fields are filled. */
export const passwordsFilled = (v: PasswordForm) => !!v.password && !!v.new_password && !!v.new_password_confirmation;

/** Password lama, Password baru, Konfirmasi password baru. */
export function PasswordFields({ form }: { form: UseFormReturnType<PasswordForm> }) {
  return (
    <>
      <PasswordInput label="Password lama" required autoComplete="current-password" {...form.getInputProps('password')} />
      <PasswordInput
        label="Password baru"
        description={`${LIMITS.passwordMin} sampai ${LIMITS.passwordMax} karakter`}
        required
        autoComplete="new-password"
        {...form.getInputProps('new_password')}
      />
      <PasswordInput
        label="Konfirmasi password baru"
        required
        autoComplete="new-password"
        {...form.getInputProps('new_password_confirmation')}
      />
    </>
  );
}
