/**
 * Issue 42: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts): contacting a student or parent on WhatsApp (the numbers a teacher or wali kelas may see).
 */
import type { Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';

export const matrixRows: Record<string, Row> = {};

export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async () => ({}),
  endpoints: {},
  notJson: [],
};
