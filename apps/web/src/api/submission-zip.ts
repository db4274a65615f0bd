import { downloadSignedLink } from './download';
import type { AssignmentRef } from './keys';
import { assignmentUrl as url } from './assignments';

/**
 * "Unduh semua (ZIP)": every handed-in file of the assignment, a folder per student. The server
 * mints a short-lived signed link and the browser downloads it itself, streaming to disk with its
 * own progress: 36 × 50 MB never sits in the tab's memory.
 */
export const downloadSubmissionsZip = (r: AssignmentRef): Promise<void> => downloadSignedLink(`${url(r)}/submissions.zip/link`);
