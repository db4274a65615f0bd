/** Checks on uploaded text files (CSV, GIFT) that look at every byte, in slices that leave the event loop free. */

/** Bytes no text file holds: NUL and the other C0 controls but tab, line feed, form feed and carriage return. */
const BINARY = /[\x00-\x08\x0b\x0e-\x1f]/; // eslint-disable-line no-control-regex -- these are the bytes looked for

/** Bytes looked at between two turns of the event loop. */
const SLICE = 64 * 1024;

/** Whether the bytes hold one that no text file holds; a 10 MB file is looked at in 64 kB slices, each a fraction of a millisecond. */
export async function hasBinaryBytes(bytes: Buffer): Promise<boolean> {
  for (let at = 0; at < bytes.length; at += SLICE) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    if (BINARY.test(bytes.toString('latin1', at, at + SLICE))) return true;
  }
  return false;
}
