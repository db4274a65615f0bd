import { useState } from 'react';
import { Button, Card, CopyButton, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { PARENT_MSG, PARENT_RELATION_LABELS, TOAST_MS, type PairingCode, type StudentPairing } from '@kelasku/contract';
import { useCreatePairingCode, useStudentPairing } from '../../api/parent-links';
import { QueryState } from '../../components/QueryState';
import { formatDateTimeWib } from '../../lib/format';
import { toastSuccess } from '../../lib/toast';
import { pairingWhatsAppLink, signupAddress } from './pairing-share';

/** The code just made: large, until when it works, how to use it, WhatsApp and copy. Shown once. */
function NewCode({ made }: { made: PairingCode }) {
  const origin = window.location.origin;
  return (
    <Paper withBorder p="md" radius="md" bg="gray.0" component="section" aria-label="Kode untuk orang tua">
      <Stack gap="xs">
        <Text
          ff="monospace"
          fw={700}
          ta="center"
          style={{ fontSize: 'clamp(1.75rem, 9vw, 2.5rem)', letterSpacing: '0.12em' }}
          data-testid="pairing-code"
        >
          {made.code}
        </Text>
        <Text size="sm" ta="center">
          Berlaku sampai {formatDateTimeWib(made.expires_at)}, sekali pakai.
        </Text>
        <Text size="sm">
          Cara memakainya: orang tua/wali kamu membuka Kelasku di <b>{signupAddress(origin)}</b>, memilih &ldquo;Daftar dengan kode dari
          anak&rdquo;, lalu memasukkan kode ini. Kalau sudah punya akun Kelasku, mereka masuk lalu memilih &ldquo;Tambah Anak&rdquo;.
        </Text>
        <Text size="sm" c="gray.7">
          Kode ini hanya ditampilkan sekarang. Simpan atau kirim sebelum meninggalkan halaman ini.
        </Text>
        <Group gap="sm" grow>
          <Button
            component="a"
            href={pairingWhatsAppLink(made.code, made.expires_at, origin)}
            target="_blank"
            rel="noopener noreferrer"
            // WhatsApp green, dark enough for white text (4.5:1).
            color="#237032"
            leftSection={<IconBrandWhatsapp size={18} />}
          >
            Bagikan lewat WhatsApp
          </Button>
          <CopyButton value={made.code}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy} leftSection={copied ? <IconCheck size={18} /> : <IconCopy size={18} />}>
                {copied ? 'Kode disalin' : 'Salin kode'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The linked parents, by name and relation. */
function ParentList({ parents }: { parents: StudentPairing['parents'] }) {
  if (parents.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        Belum ada orang tua/wali yang terhubung dengan akunmu.
      </Text>
    );
  }
  return (
    <List spacing={4} aria-label="Orang tua/wali yang terhubung">
      {parents.map((p, i) => (
        <List.Item key={`${p.name}-${i}`}>
          {p.name}{' '}
          <Text span c="gray.7">
            ({PARENT_RELATION_LABELS[p.relation]})
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

function PairingBody({ pairing }: { pairing: StudentPairing }) {
  const create = useCreatePairingCode();
  const [made, setMade] = useState<PairingCode | null>(null);
  const full = pairing.parents.length >= pairing.max_parents;
  const make = () =>
    create.mutate(undefined, {
      onSuccess: (res) => {
        setMade(res.data);
        toastSuccess(PARENT_MSG.codeCreated, TOAST_MS.long);
      },
    });
  return (
    <Stack gap="sm">
      <ParentList parents={pairing.parents} />
      {made && !full && <NewCode made={made} />}
      {!made && pairing.active_code && !full && (
        <Text size="sm">
          Ada kode yang belum dipakai, berlaku sampai {formatDateTimeWib(pairing.active_code.expires_at)}. Kode itu tidak bisa ditampilkan
          lagi; buat kode baru bila perlu (kode lama tidak berlaku lagi).
        </Text>
      )}
      {full ? (
        <Text size="sm" c="gray.7">
          {PARENT_MSG.tooManyParents}.
        </Text>
      ) : (
        <Group>
          <Button variant={made ? 'default' : 'filled'} leftSection={<IconKey size={18} />} loading={create.isPending} onClick={make}>
            {made ? 'Buat kode baru' : 'Buat kode untuk orang tua'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * Profile › "Orang tua/wali" (students): the linked parents, and a pairing code for a parent to
 * sign up or add this child (valid 7 days, single use, up to three parents).
 */
export function PairingCard() {
  const pairing = useStudentPairing();
  return (
    <Card withBorder component="section" aria-labelledby="orang-tua-wali">
      <Stack gap="sm">
        <Title order={3} size="h4" id="orang-tua-wali">
          Orang tua/wali
        </Title>
        <Text size="sm" c="gray.7">
          Orang tua/wali yang terhubung bisa melihat tugas, nilai, dan presensimu, serta mengirim izin untukmu.
        </Text>
        <QueryState query={pairing}>{(p) => <PairingBody pairing={p} />}</QueryState>
      </Stack>
    </Card>
  );
}
