import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../files/routes.js';

const DOWNLOAD_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;
export type DownloadFormat = keyof typeof DOWNLOAD_TYPES;

/** Answers a generated file (PDF, XLSX, CSV) as a download named `name` (any characters: RFC 6266 with a UTF-8 name). */
export function attachment(reply: FastifyReply, format: DownloadFormat, name: string, bytes: Buffer) {
  return reply.type(DOWNLOAD_TYPES[format]).header('content-disposition', contentDisposition(false, name)).send(bytes);
}
