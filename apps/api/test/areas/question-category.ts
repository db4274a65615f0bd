/**
 * Issue 41: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts): the class's question category that "Tambah soal" inside
 * the quiz form saves into (a teacher of the class; made on first use).
 */
import type { Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';

export const matrixRows: Record<string, Row> = {};

export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async () => ({}),
  endpoints: {},
  notJson: [],
};
