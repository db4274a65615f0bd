import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useSessionUser } from '../api/session';
import { useStudentContacts, type ContactScope } from '../api/contacts';
import { studentChatLink } from '../lib/whatsapp';

// Issue 42: WhatsApp opens in a new tab (or the app on a phone) with the message written.
const opens = { component: 'a', target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * "Bagikan ke WhatsApp": `href` is a wa.me share link (lib/whatsapp.ts). `what` names what is
 * shared for screen readers ("pengumuman: Besok praktik…"); `compact` is an icon (in a card's corner).
 */
export function WhatsAppShareButton({ href, what, compact = false }: { href: string; what?: string; compact?: boolean }) {
  const label = what ? `Bagikan ke WhatsApp: ${what}` : 'Bagikan ke WhatsApp';
  if (compact) {
    return (
      <Tooltip label="Bagikan ke WhatsApp">
        <ActionIcon {...opens} href={href} variant="subtle" color="green.9" aria-label={label}>
          <IconBrandWhatsapp size={18} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    // WhatsApp green, dark enough for white text (4.5:1), as on the pairing card.
    <Button {...opens} href={href} color="#237032" leftSection={<IconBrandWhatsapp size={18} />} aria-label={label}>
      Bagikan ke WhatsApp
    </Button>
  );
}

/**
 * "Chat WhatsApp" with a student of the class the teacher teaches (`{ classId }`) or of the wali
 * kelas's rombel (`{ rombelId }`); nothing while the numbers load or when the student has no mobile number.
 */
export function StudentChatButton({
  scope,
  studentId,
  role,
  compact = false,
}: {
  scope: ContactScope;
  studentId: number;
  /** Who the teacher is to the student, in the greeting ("guru Matematika — X TKJ 1", "wali kelas X TKJ 1"). */
  role: string;
  compact?: boolean;
}) {
  const me = useSessionUser();
  const contacts = useStudentContacts(scope);
  const student = contacts.data?.find((s) => s.id === studentId);
  const href = student ? studentChatLink(student, { name: me?.name ?? 'guru', role }) : null;
  if (!student || !href) return null;
  const label = `Chat WhatsApp dengan ${student.name}`;
  if (compact) {
    return (
      <Tooltip label={label}>
        <ActionIcon {...opens} href={href} variant="subtle" color="green.9" aria-label={label}>
          <IconBrandWhatsapp size={18} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button
      {...opens}
      href={href}
      size="xs"
      variant="default"
      leftSection={<IconBrandWhatsapp size={16} color="#237032" />}
      aria-label={label}
    >
      Chat WhatsApp
    </Button>
  );
}
