import { Transform } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { avatarType, documentType, letterType, type UploadKind } from './types.js';

export type { UploadKind } from './types.js';

const HEAD_BYTES = 4100;

/**
 * Counts the bytes that stream through and decides the file's type from its first bytes as soon
 * as they have arrived. A file of a refused type is not written any further: its remaining bytes
 * are read (so the request can still be answered) and dropped.
 */
export class UploadMeter extends Transform {
  /** The first chunks, held back until the type is known. */
  private held: Buffer[] = [];
  private heldLength = 0;
  private decided = false;
  size = 0;
  /** The stored type once decided; null when the type is refused. */
  mimeType: string | null = null;

  /**
   * stopWhenRefused: a refused type ends the output at once (and emits 'refused') instead of
   * reading the rest of the input through.
   */
  constructor(
    private readonly decide: (head: Buffer) => Promise<string | null>,
    private readonly stopWhenRefused = false,
  ) {
    super();
  }

  /** Decides the type from the held bytes, then lets them through (or drops them). */
  private async settle(): Promise<void> {
    this.decided = true;
    const held = this.held;
    this.held = [];
    const head = Buffer.concat(held).subarray(0, HEAD_BYTES);
    this.mimeType = head.length ? await this.decide(head) : null;
    if (this.mimeType) for (const c of held) this.push(c);
    else if (this.stopWhenRefused) {
      this.push(null);
      this.emit('refused');
    }
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: (e?: Error | null, d?: Buffer) => void) {
    this.size += chunk.length;
    if (this.decided) return cb(null, this.mimeType ? chunk : undefined);
    this.held.push(chunk);
    this.heldLength += chunk.length;
    if (this.heldLength < HEAD_BYTES) return cb();
    this.settle().then(() => cb(), cb);
  }

  override _flush(cb: (e?: Error | null) => void) {
    if (this.decided) return cb();
    this.settle().then(() => cb(), cb);
  }
}

/** The stored type of an upload from its name and first bytes; null when it may not be stored. */
export async function decideType(kind: UploadKind, originalName: string, head: Buffer): Promise<string | null> {
  const sniffed = await fileTypeFromBuffer(head);
  if (kind === 'letter') return letterType(sniffed);
  return kind === 'avatar' ? avatarType(sniffed) : documentType(originalName, sniffed);
}
