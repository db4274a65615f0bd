import { Accordion, Button, Card, CopyButton, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCalendarPlus, IconCheck, IconCopy, IconRefresh, IconTrash } from '@tabler/icons-react';
import { REACH_MSG, type CalendarFeed } from '@kelasku/contract';
import { useCalendarFeed, useMakeCalendarFeed, useRevokeCalendarFeed } from '../../api/calendar';
import { QueryState } from '../../components/QueryState';
import { formatDateTimeWib } from '../../lib/format';
import { toastSuccess } from '../../lib/toast';

/** The same address for calendar apps that subscribe on a tap (iPhone, many Android apps). */
export const webcalOf = (url: string) => url.replace(/^https?:\/\//, 'webcal://');

/** "Tambahkan ke Google Calendar": the steps, folded until asked for. */
function GoogleGuide() {
  return (
    <Accordion variant="contained" chevronPosition="right">
      <Accordion.Item value="google">
        <Accordion.Control>Tambahkan ke Google Calendar</Accordion.Control>
        <Accordion.Panel>
          <List type="ordered" size="sm" spacing={4}>
            <List.Item>Salin alamat kalender di atas.</List.Item>
            <List.Item>
              Buka <b>calendar.google.com</b> di komputer atau di browser HP (mode desktop).
            </List.Item>
            <List.Item>
              Pilih <b>Setelan lainnya</b> (ikon roda gigi) lalu <b>Tambahkan kalender</b> → <b>Dari URL</b>.
            </List.Item>
            <List.Item>
              Tempel alamatnya, lalu pilih <b>Tambahkan kalender</b>.
            </List.Item>
          </List>
          <Text size="sm" c="gray.7" mt="xs">
            Kalender &ldquo;Kelasku&rdquo; lalu muncul di aplikasi Google Calendar di HP. Google memperbaruinya sendiri setiap beberapa jam,
            jadi perubahan tidak langsung terlihat.
          </Text>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

function FeedAddress({ feed, url }: { feed: CalendarFeed; url: string }) {
  const make = useMakeCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const rotate = () =>
    modals.openConfirmModal({
      title: 'Buat alamat baru?',
      children: (
        <Text size="sm">Alamat lama tidak berlaku lagi. Kalender yang memakai alamat lama harus ditambahkan lagi dengan alamat baru.</Text>
      ),
      labels: { confirm: 'Buat alamat baru', cancel: 'Batal' },
      onConfirm: () => make.mutate(undefined, { onSuccess: () => toastSuccess(REACH_MSG.calendarMade) }),
    });
  const remove = () =>
    modals.openConfirmModal({
      title: 'Cabut alamat kalender?',
      children: <Text size="sm">Kalender yang memakai alamat ini berhenti diperbarui. Kamu bisa membuat alamat baru kapan saja.</Text>,
      labels: { confirm: 'Cabut', cancel: 'Batal' },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(undefined, { onSuccess: () => toastSuccess(REACH_MSG.calendarRevoked) }),
    });
  return (
    <Stack gap="sm">
      <TextInput
        label="Alamat kalender"
        value={url}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        description="Rahasiakan: siapa pun yang memegang alamat ini bisa melihat jadwalmu."
        data-testid="calendar-url"
      />
      <Group gap="sm" grow>
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} leftSection={copied ? <IconCheck size={18} /> : <IconCopy size={18} />}>
              {copied ? 'Disalin' : 'Salin'}
            </Button>
          )}
        </CopyButton>
        <Button component="a" href={webcalOf(url)} leftSection={<IconCalendarPlus size={18} />}>
          Buka di kalender HP
        </Button>
      </Group>
      {feed.last_read_at && (
        <Text size="sm" c="gray.7">
          Terakhir dibaca aplikasi kalender: {formatDateTimeWib(feed.last_read_at)}
        </Text>
      )}
      <GoogleGuide />
      <Group gap="sm">
        <Button variant="default" leftSection={<IconRefresh size={18} />} loading={make.isPending} onClick={rotate}>
          Buat alamat baru
        </Button>
        <Button variant="light" color="red" leftSection={<IconTrash size={18} />} loading={revoke.isPending} onClick={remove}>
          Cabut
        </Button>
      </Group>
    </Stack>
  );
}

function FeedBody({ feed }: { feed: CalendarFeed }) {
  const make = useMakeCalendarFeed();
  if (feed.url) return <FeedAddress feed={feed} url={feed.url} />;
  return (
    <Group>
      <Button
        leftSection={<IconCalendarPlus size={18} />}
        loading={make.isPending}
        onClick={() => make.mutate(undefined, { onSuccess: () => toastSuccess(REACH_MSG.calendarMade) })}
      >
        Buat alamat kalender
      </Button>
    </Group>
  );
}

/** 'Kalender' on the profile: the secret iCal address (issue 42), how to add it, a new one, revoking it. */
export function CalendarCard() {
  const feed = useCalendarFeed();
  return (
    <Card withBorder component="section" aria-labelledby="kalender-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="kalender-title">
          Kalender
        </Title>
        <Text size="sm" c="gray.7">
          Tenggat tugas, kuis, ujian dan jadwal pelajaran muncul di kalender HP kamu (waktu WIB). Buat alamat kalender, lalu tambahkan ke
          Google Calendar atau aplikasi kalender lain.
        </Text>
        <QueryState query={feed}>{(f) => <FeedBody feed={f} />}</QueryState>
      </Stack>
    </Card>
  );
}
