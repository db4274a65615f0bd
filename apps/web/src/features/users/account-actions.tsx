import { Badge, Button, Group, Stack, Text, type MantineSize } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLockOpen } from '@tabler/icons-react';
import { MSG, type AdminUser } from '@kelasku/contract';
import { useDeleteUser, useSetUserStatus, useUnlockUser, useUserDeleteImpact } from '../../api/users';
import { QueryState } from '../../components/QueryState';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { deactivateInsteadText, deactivateText, deleteImpactText } from './account-texts';

/** What an account action does after the server answered: its message as a toast, green or red. */
const toasts = (done?: () => void) => ({
  onSuccess: (res: { message?: string }) => {
    toastSuccess(res.message ?? MSG.saved);
    done?.();
  },
  onError: (err: Error) => toastError(errorMessage(err)),
});

/** "Nonaktif" and "Terkunci" beside a user's name (nothing for an active, unlocked account). */
export function AccountBadges({ user }: { user: Pick<AdminUser, 'status' | 'locked'> }) {
  return (
    <>
      {user.status !== 1 && (
        <Badge variant="light" color="gray">
          Nonaktif
        </Badge>
      )}
      {user.locked && (
        <Badge variant="light" color="red">
          Terkunci
        </Badge>
      )}
    </>
  );
}

/**
 * The admin's account actions on one user, shared by the list and the detail page: "Nonaktifkan"
 * (after a confirmation) or "Aktifkan", "Buka kunci", and the delete dialog.
 */
export function useAccountActions() {
  const setStatus = useSetUserStatus();
  const unlock = useUnlockUser();
  return {
    /** "Nonaktifkan" for an active user (asks first), "Aktifkan" for an inactive one. */
    toggleStatus: (u: AdminUser) => {
      if (u.status !== 1) {
        setStatus.mutate({ id: u.id, status: 1 }, toasts());
        return;
      }
      modals.openConfirmModal({
        title: `Nonaktifkan ${u.name}?`,
        children: <Text size="sm">{deactivateText(u.name)}</Text>,
        labels: { confirm: 'Nonaktifkan', cancel: 'Batal' },
        onConfirm: () => setStatus.mutate({ id: u.id, status: 0 }, toasts()),
      });
    },
    unlock: (u: AdminUser) => unlock.mutate(u.id, toasts()),
    remove: openDeleteUserDialog,
    busy: setStatus.isPending || unlock.isPending,
  };
}

export type AccountActions = ReturnType<typeof useAccountActions>;

/**
 * "Buka kunci" (for a locked user) and "Nonaktifkan"/"Aktifkan" of one user. `withStatus` false leaves the
 * status button out (the admin's own account, which the server refuses to deactivate).
 */
export function AccountButtons(props: { user: AdminUser; actions: AccountActions; size?: MantineSize; withStatus?: boolean }) {
  const { user, actions, size, withStatus = true } = props;
  return (
    <>
      {user.locked && (
        <Button
          size={size}
          variant="light"
          leftSection={<IconLockOpen size={14} />}
          disabled={actions.busy}
          onClick={() => actions.unlock(user)}
        >
          Buka kunci
        </Button>
      )}
      {withStatus && (
        <Button
          size={size}
          variant="light"
          color={user.status === 1 ? 'gray' : 'teal'}
          disabled={actions.busy}
          onClick={() => actions.toggleStatus(user)}
        >
          {user.status === 1 ? 'Nonaktifkan' : 'Aktifkan'}
        </Button>
      )}
    </>
  );
}

function openDeleteUserDialog(user: AdminUser) {
  const modalId = `delete-user-${user.id}`;
  modals.open({
    modalId,
    title: `Hapus user ${user.name}?`,
    children: <DeleteUserDialog user={user} onClose={() => modals.close(modalId)} />,
  });
}

/**
 * The delete dialog: first what goes with the user (asked from the server when it opens), then the
 * gentler "Nonaktifkan saja" (primary) beside the red "Hapus permanen".
 */
function DeleteUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const impact = useUserDeleteImpact(user.id);
  const remove = useDeleteUser();
  const setStatus = useSetUserStatus();
  const busy = remove.isPending || setStatus.isPending;
  const active = user.status === 1;
  return (
    <Stack>
      <QueryState query={impact}>{(data) => <Text size="sm">{deleteImpactText(user.name, data)}</Text>}</QueryState>
      <Text size="sm">
        {active ? deactivateInsteadText : 'Akun ini sudah nonaktif: ia tidak dapat masuk dan riwayatnya tetap tersimpan.'}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Batal
        </Button>
        <Button
          variant="light"
          color="red"
          disabled={!impact.isSuccess || busy}
          loading={remove.isPending}
          onClick={() => remove.mutate(user.id, toasts(onClose))}
        >
          Hapus permanen
        </Button>
        {active && (
          <Button
            data-autofocus
            disabled={busy}
            loading={setStatus.isPending}
            onClick={() => setStatus.mutate({ id: user.id, status: 0 }, toasts(onClose))}
          >
            Nonaktifkan saja
          </Button>
        )}
      </Group>
    </Stack>
  );
}
