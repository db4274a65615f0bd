import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import type { AssignmentRef } from '../../api/assignments';
import { downloadSubmissionsZip } from '../../api/submission-zip';
import { errorMessage, toastError } from '../../lib/toast';

/** "Unduh semua (ZIP)": every student's handed-in files, a folder per student. */
export function DownloadAllButton({ r, disabled }: { r: AssignmentRef; disabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadSubmissionsZip(r)
      .catch((err: unknown) => toastError(errorMessage(err)))
      .finally(() => setBusy(false));
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileZip size={16} aria-hidden />}
      onClick={download}
      loading={busy}
      disabled={disabled}
      title={disabled ? 'Belum ada tugas yang dikumpulkan' : 'Semua file kiriman, satu folder per siswa'}
    >
      Unduh semua (ZIP)
    </Button>
  );
}
