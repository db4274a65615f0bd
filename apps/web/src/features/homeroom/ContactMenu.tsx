import { useState } from 'react';
import { Button, Group, Menu } from '@mantine/core';
import { IconBrandWhatsapp, IconChevronDown, IconMessage, IconUserPlus } from '@tabler/icons-react';
import { PARENT_MSG, PARENT_RELATION_LABELS, whatsAppNumber, type OverviewStudent } from '@kelasku/contract';
import { useSessionUser } from '../../api/session';
import { whatsAppLinks } from './message';
import { AddParentModal, MessageModal } from './ParentModals';
import { StudentChatButton } from '../../components/WhatsAppShareButton';

/**
 * "Hubungi orang tua" of a student: a WhatsApp link for each parent with a phone number (the message
 * already written, opened in a new tab), a message in Kelasku, or a new parent account.
 */
export function ContactMenu({ rombel, student }: { rombel: { id: number; name: string }; student: OverviewStudent }) {
  const me = useSessionUser();
  const [open, setOpen] = useState<'message' | 'parent' | null>(null);
  // Mounted from the first "Tambah orang tua" on: its dialog of the first password outlives the form.
  const [adding, setAdding] = useState(false);
  const links = whatsAppLinks(student, me?.name ?? 'wali kelas', rombel.name);
  const withoutPhone = student.parents.filter((p) => !whatsAppNumber(p.telpon));
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {/* Issue 42: a chat with the student, beside the parents' links. */}
      <StudentChatButton compact scope={{ rombelId: rombel.id }} studentId={student.id} role={`wali kelas ${rombel.name}`} />
      <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button size="xs" variant="light" rightSection={<IconChevronDown size={14} />}>
            Hubungi orang tua
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label c="gray.7">{student.name}</Menu.Label>
          {student.parents.length === 0 && <Menu.Item disabled>{PARENT_MSG.noParents}</Menu.Item>}
          {links.map(({ parent, href }) => (
            <Menu.Item
              key={parent.id}
              component="a"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconBrandWhatsapp size={16} />}
            >
              WhatsApp {parent.name} ({PARENT_RELATION_LABELS[parent.relation]})
            </Menu.Item>
          ))}
          {withoutPhone.map((p) => (
            <Menu.Item key={p.id} disabled>
              {p.name} ({PARENT_RELATION_LABELS[p.relation]}): belum ada nomor HP
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item leftSection={<IconMessage size={16} />} onClick={() => setOpen('message')}>
            Kirim pesan di Kelasku
          </Menu.Item>
          <Menu.Item
            leftSection={<IconUserPlus size={16} />}
            onClick={() => {
              setAdding(true);
              setOpen('parent');
            }}
          >
            Tambah orang tua
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {open === 'message' && <MessageModal rombelId={rombel.id} student={student} opened onClose={() => setOpen(null)} />}
      {adding && <AddParentModal rombelId={rombel.id} student={student} opened={open === 'parent'} onClose={() => setOpen(null)} />}
    </Group>
  );
}
