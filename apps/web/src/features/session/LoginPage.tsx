import { useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Button, Card, PasswordInput, Stack, TextInput, Title, Text, Group, Checkbox, Anchor } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { MSG, TOAST_MS, type SessionUser } from '@kelasku/contract';
import { ApiError, request } from '../../api/client';
import { saveSession } from '../../api/session';
import { HOME_AFTER_LOGIN, safeNext } from '../../lib/next';
import { toastError } from '../../lib/toast';
import { forgetFirstLogin, readFirstLogin, type FirstLogin } from './first-login';
import { loginRules } from './login-rules';

type LoginField = keyof typeof loginRules;

/**
 * The two fields' values and messages (a message goes when its field changes). Plain state, not
 * @mantine/form: the login page is what a phone on mobile data waits for, and the form library
 * was 18 KB of its script (bench/slow-phone.mjs).
 */
function useLoginFields(early: FirstLogin | null) {
  const [values, setValues] = useState<Record<LoginField, string>>({ username: early?.username ?? '', password: early?.password ?? '' });
  const [errors, setErrors] = useState<Partial<Record<LoginField, string | null>>>({});
  const field = (name: LoginField) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: null }));
    },
  });
  /** Shows what is wrong; true when nothing is. */
  const check = () => {
    const found = { username: loginRules.username(values.username), password: loginRules.password(values.password) };
    setErrors(found);
    return !found.username && !found.password;
  };
  return { ...values, field, check };
}

/** A hidden-by-default remember-me / forgot-password row (SPEC §2). */
const SHOW_REMEMBER_ROW = false;

export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  // The page to return to (a deep link, or where the session ended); the dashboard otherwise.
  const next = safeNext(params.get('next')) ?? HOME_AFTER_LOGIN;
  const sessionEnded = (useLocation().state as { sessionEnded?: boolean } | null)?.sessionEnded === true;
  // What was typed on index.html's form before this page's script arrived (first-login.ts).
  const [early] = useState(readFirstLogin);
  const { username, password, field, check } = useLoginFields(early);
  const login = useMutation({
    mutationFn: (body: { username: string; password: string }) => request<{ token: string; user: SessionUser }>('POST', '/api/login', body),
    meta: { toast: false },
    onSuccess: (res) => {
      // Nothing cached for whoever was signed in before is shown to this user.
      queryClient.clear();
      saveSession(res.data.token, res.data.user);
      navigate(next, { replace: true });
    },
    onError: (err) => {
      // A refused login always reads the same (DECISIONS); a lockout or a network failure says what it is.
      const msg = err instanceof ApiError && (err.status === 429 || err.status === 0 || err.status === 403) ? err.message : MSG.loginFailed;
      toastError(msg, TOAST_MS.short);
    },
  });

  const send = () => {
    if (check() && !login.isPending) login.mutate({ username, password });
  };
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const sentEarly = useRef(false);
  // Before the first paint: the focus stays in the field it was in, and an early "Masuk" is sent now.
  useLayoutEffect(() => {
    forgetFirstLogin();
    if (early?.focus) (early.focus === 'username' ? usernameInput : passwordInput).current?.focus();
    if (early?.sent && !sentEarly.current) {
      sentEarly.current = true;
      send();
    }
    // Once, with the page's first values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [early]);

  return (
    <Card withBorder shadow="sm" p="xl" radius="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Stack>
          <div>
            <Text c="teal.9" fw={700}>
              Kelasku
            </Text>
            <Title order={1}>Masuk</Title>
          </div>
          {sessionEnded && (
            <Alert color="blue" variant="light" role="status">
              {MSG.unauthenticated}
            </Alert>
          )}
          <TextInput
            ref={usernameInput}
            label="Username atau email"
            name="username"
            autoComplete="username"
            required
            {...field('username')}
          />
          <PasswordInput
            ref={passwordInput}
            label="Password"
            name="password"
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Tampilkan atau sembunyikan password' }}
            required
            {...field('password')}
          />
          {SHOW_REMEMBER_ROW && (
            <Group justify="space-between">
              <Checkbox label="Ingat saya" />
              <Anchor size="sm">Lupa password?</Anchor>
            </Group>
          )}
          <Button type="submit" disabled={!username || !password || login.isPending} loading={login.isPending}>
            Masuk
          </Button>
          <Anchor component={Link} to="/daftar-orang-tua" size="sm" ta="center">
            Orang tua/wali? Daftar dengan kode dari anak
          </Anchor>
        </Stack>
      </form>
    </Card>
  );
}
