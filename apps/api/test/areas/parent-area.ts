/**
 * Issue 40: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts). Every route of the area has exactly one matrix row
 * (with the parents' cells where the route is not in another role's area); every POST/PUT/PATCH
 * route is in `fuzz.endpoints` (JSON) or `fuzz.notJson` (multipart, no body).
 */
import type { Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';

export const matrixRows: Record<string, Row> = {};

export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async () => ({}),
  endpoints: {},
  notJson: [],
};
