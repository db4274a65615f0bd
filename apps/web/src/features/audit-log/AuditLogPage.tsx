import { useEffect, useState } from 'react';
import { Badge, Box, Button, Card, Group, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, type AuditAction, type AuditEntry } from '@kelasku/contract';
import { auditExportPath, useAuditPage } from '../../api/audit-log';
import { downloadFile } from '../../api/download';
import { DateField } from '../../components/DateFields';
import { QueryState } from '../../components/QueryState';
import { formatDateTimeWib } from '../../lib/format';
import { usePageSearchParams } from '../../lib/page-search-params';
import { errorMessage, toastError } from '../../lib/toast';
import { ResourceTable } from '../../components/AdminParts';
import { ChangeLines } from './ChangeLines';

const SEARCH_DEBOUNCE_MS = 300;

const ACTION_OPTIONS = AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] }));

const CONTROL_LABELS = {
  first: 'Halaman pertama',
  previous: 'Halaman sebelumnya',
  next: 'Halaman berikutnya',
  last: 'Halaman terakhir',
} as const;

const isAction = (v: string | null): v is AuditAction => v !== null && (AUDIT_ACTIONS as readonly string[]).includes(v);
const isDay = (v: string | null) => (v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** Who acted: the name kept in the row, and the role. */
function Who({ e }: { e: AuditEntry }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {e.actor.name}
      </Text>
      <Text size="xs" c="gray.7">
        {e.actor.role}
      </Text>
    </Stack>
  );
}

/** One row as a card (phones). */
function EntryCard({ e }: { e: AuditEntry }) {
  return (
    <Card withBorder padding="sm" component="li" aria-label={`${e.action_label}: ${e.summary}`}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Badge variant="light">{e.action_label}</Badge>
          <Text size="xs" c="gray.7">
            {formatDateTimeWib(e.at)}
          </Text>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {e.summary}
        </Text>
        <Text size="xs" c="gray.7">
          Oleh {e.actor.name} ({e.actor.role}) · {e.ip ?? '-'}
        </Text>
        <ChangeLines entry={e} />
      </Stack>
    </Card>
  );
}

function EntryTable({ rows }: { rows: AuditEntry[] }) {
  return (
    <ResourceTable
      head={['Waktu', 'Pelaku', 'Alamat IP', 'Aktivitas', 'Sasaran', 'Perubahan']}
      minWidth={960}
      count={rows.length}
      rows={rows.map((e) => (
        <Table.Tr key={e.id}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTimeWib(e.at)}</Table.Td>
          <Table.Td>
            <Who e={e} />
          </Table.Td>
          <Table.Td>{e.ip ?? '-'}</Table.Td>
          <Table.Td>{e.action_label}</Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.summary}</Table.Td>
          <Table.Td>
            <ChangeLines entry={e} />
          </Table.Td>
        </Table.Tr>
      ))}
    />
  );
}

/**
 * /resources/audit-log — "Log aktivitas": every admin write and grade change, newest first, 50 a
 * page, filtered on the server by who, what and a WIB date range (all kept in the URL, so back and
 * reload keep them), and exported as XLSX with the same filters. On a phone each row is a card.
 */
export default function AuditLogPage() {
  useDocumentTitle('Log Aktivitas');
  const phone = useMediaQuery('(max-width: 48em)');
  const [params, setParams] = usePageSearchParams();
  const actor = params.get('actor') ?? '';
  const action = isAction(params.get('action')) ? (params.get('action') as AuditAction) : undefined;
  const from = isDay(params.get('from'));
  const to = isDay(params.get('to'));
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const [search, setSearch] = useState(actor);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const filter = { actor: actor || undefined, action, from, to };
  const log = useAuditPage({ ...filter, page });

  /** Sets one filter (empty: removes it) and goes back to page 1; `page` alone moves between pages. */
  const set = (changes: Record<string, string | null | undefined>) => {
    // From the address as it is this instant (not as last rendered): a filter chosen while the typed
    // name is being applied keeps both.
    const next = new URLSearchParams(window.location.search);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: 'actor' in changes });
  };
  useEffect(() => {
    if (debounced.trim() !== actor) set({ actor: debounced.trim() });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const download = () => void downloadFile(auditExportPath(filter), 'log-aktivitas.xlsx').catch((err) => toastError(errorMessage(err)));

  return (
    <Stack>
      <Title order={2}>Log Aktivitas</Title>
      <Text size="sm" c="gray.7">
        Setiap perubahan oleh admin dan setiap perubahan nilai tercatat di sini dan disimpan sedikitnya satu tahun. Password tidak pernah
        dicatat.
      </Text>
      <Group align="flex-end" justify="space-between">
        <Group align="flex-end" w={{ base: '100%', sm: 'auto' }}>
          <TextInput
            label="Pelaku"
            placeholder="Nama atau username"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 220 }}
          />
          <Select
            label="Jenis aktivitas"
            placeholder="Semua aktivitas"
            data={ACTION_OPTIONS}
            value={action ?? null}
            onChange={(v) => set({ action: v })}
            clearable
            searchable
            w={{ base: '100%', sm: 240 }}
          />
          <DateField
            label="Dari tanggal"
            value={from ?? null}
            onChange={(v) => set({ from: v })}
            maxDate={to}
            clearButtonProps={{ 'aria-label': 'Kosongkan tanggal mulai' }}
            w={{ base: '100%', sm: 160 }}
          />
          <DateField
            label="Sampai tanggal"
            value={to ?? null}
            onChange={(v) => set({ to: v })}
            minDate={from}
            clearButtonProps={{ 'aria-label': 'Kosongkan tanggal akhir' }}
            w={{ base: '100%', sm: 160 }}
          />
        </Group>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download}>
          Unduh XLSX
        </Button>
      </Group>
      <QueryState query={log}>
        {({ data: rows, meta }) => (
          <>
            <Box style={{ opacity: log.isPlaceholderData ? 0.6 : 1 }} aria-busy={log.isPlaceholderData}>
              {phone ? (
                rows.length === 0 ? (
                  <Text c="gray.7" ta="center">
                    Tidak ada data
                  </Text>
                ) : (
                  <Stack gap="sm" component="ul" aria-label="Log aktivitas" p={0} m={0} style={{ listStyle: 'none' }}>
                    {rows.map((e) => (
                      <EntryCard key={e.id} e={e} />
                    ))}
                  </Stack>
                )
              ) : (
                <EntryTable rows={rows} />
              )}
            </Box>
            <Box component="nav" aria-label="Halaman log aktivitas">
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="gray.7">
                  {meta.total.toLocaleString('id-ID')} catatan
                </Text>
                {meta.last_page > 1 && (
                  <Pagination
                    total={meta.last_page}
                    value={Math.min(page, meta.last_page)}
                    onChange={(next) => set({ page: next > 1 ? String(next) : null })}
                    getItemProps={(n) => ({ 'aria-label': `Halaman ${n}` })}
                    getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
                  />
                )}
              </Group>
            </Box>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
