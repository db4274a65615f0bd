import type { ReactNode } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { PARENT_MSG, type ParentPrivacy } from '@kelasku/contract';
import { useAcceptPrivacy, useParentPrivacy } from '../../api/parents';
import { QueryState } from '../../components/QueryState';
import { toastSuccess } from '../../lib/toast';

/** What the school keeps and why (UU PDP), section by section; `action` below it. */
export function PrivacySections({ privacy }: { privacy: ParentPrivacy }) {
  return (
    <Stack gap="sm">
      {privacy.sections.map((s) => (
        <section key={s.title}>
          <Title order={3} size="h5">
            {s.title}
          </Title>
          <Text size="sm" className="kls-pre" style={{ overflowWrap: 'anywhere' }}>
            {s.body}
          </Text>
        </section>
      ))}
    </Stack>
  );
}

function PrivacyNotice({ privacy }: { privacy: ParentPrivacy }) {
  const accept = useAcceptPrivacy();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="privasi-title" maw={760}>
      <Stack>
        <Group gap="xs" wrap="nowrap">
          <IconShieldCheck size={24} aria-hidden style={{ flexShrink: 0 }} />
          <Title order={2} id="privasi-title">
            Pemberitahuan Privasi
          </Title>
        </Group>
        <Text size="sm" c="gray.7">
          Sebelum melihat data anak Anda, baca dulu data apa yang disimpan sekolah dan untuk apa.
        </Text>
        <PrivacySections privacy={privacy} />
        <Group justify="flex-end">
          <Button
            loading={accept.isPending}
            onClick={() => accept.mutate(undefined, { onSuccess: (res) => toastSuccess(res.message ?? PARENT_MSG.privacyAccepted) })}
          >
            Saya mengerti dan setuju
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * Every parent page renders through this: until the parent has accepted the privacy notice (their
 * first sign-in), the notice stands in place of the page (the server refuses the data meanwhile).
 */
export function PrivacyGate({ children }: { children: ReactNode }) {
  const privacy = useParentPrivacy();
  return <QueryState query={privacy}>{(p) => (p.accepted_at === null ? <PrivacyNotice privacy={p} /> : <>{children}</>)}</QueryState>;
}

/** Whether the parent may be asked for data yet (the menu's children wait for it). */
export function usePrivacyAccepted(): boolean {
  const privacy = useParentPrivacy();
  return !!privacy.data?.accepted_at;
}
