import {
  YEAR_MSG,
  archivedClass,
  errorEnvelope,
  ok,
  promotionBody,
  promotionPreview,
  promotionResult,
  type PromotionPreview,
} from '@kelasku/contract';
import type { z } from 'zod';
import type { App } from '../../types.js';
import type { Executor } from '../../db/client.js';
import { invalidField } from '../../http/errors.js';
import { lockRombelWrites } from '../rombels/queries.js';
import { archivedClasses } from '../online-classes/queries.js';
import { applyPromotion, rombelFacts, type Move, type RombelFacts } from './queries.js';
import { recordAudit } from '../../audit/record.js';

type Mappings = z.output<typeof promotionBody>['mappings'];

/**
 * Checks the mappings against the rombels as they are (one query) and returns each mapping with
 * its rombels: every rombel must exist (422 naming it), a rombel is mapped at most once and never
 * to itself.
 */
async function checkMappings(db: Executor, mappings: Mappings) {
  const ids = new Set<number>();
  for (const m of mappings) {
    ids.add(m.from_rombel_id);
    if (m.to !== 'lulus') ids.add(m.to);
  }
  const facts = new Map((await rombelFacts(db, [...ids])).map((r) => [r.id, r]));
  const seen = new Set<number>();
  return mappings.map((m, i) => {
    const from = facts.get(m.from_rombel_id);
    if (!from) throw invalidField(`mappings.${i}.from_rombel_id`, YEAR_MSG.rombelMissing(m.from_rombel_id));
    if (seen.has(from.id)) throw invalidField(`mappings.${i}.from_rombel_id`, YEAR_MSG.mappingTwice(from.name));
    seen.add(from.id);
    const to = m.to === 'lulus' ? null : facts.get(m.to);
    if (to === undefined) throw invalidField(`mappings.${i}.to`, YEAR_MSG.rombelMissing(m.to as number));
    if (to?.id === from.id) throw invalidField(`mappings.${i}.to`, YEAR_MSG.mappingToSelf(from.name));
    return { from, to };
  });
}

const brief = (r: RombelFacts) => ({ id: r.id, name: r.name, grade: r.grade });

function toPreview(checked: Awaited<ReturnType<typeof checkMappings>>): PromotionPreview {
  const mappings = checked.map(({ from, to }) => ({
    from: brief(from),
    to: to && brief(to),
    students: from.students,
    classes: from.classes,
  }));
  const sum = (f: (m: (typeof mappings)[number]) => number) => mappings.reduce((n, m) => n + f(m), 0);
  return {
    mappings,
    totals: {
      moved: sum((m) => (m.to ? m.students : 0)),
      graduated: sum((m) => (m.to ? 0 : m.students)),
      classes: sum((m) => m.classes),
    },
  };
}

/** /api/admin/promotion and /api/admin/archived-classes: the year-end promotion ("Kenaikan Kelas") and the class archive. */
export default async function promotionRoutes(app: App): Promise<void> {
  const tags = ['admin: new school year'];
  const mappingRules =
    'Body: `mappings`, each `{ from_rombel_id, to }` where `to` is the next rombel id or "lulus". ' +
    'A rombel mapped twice, mapped to itself or unknown is a 422 naming it.';

  app.post(
    '/promotion/preview',
    {
      schema: {
        tags,
        summary: `What the promotion would do, changing nothing: per mapping the students who move (or graduate) and the classes that would be archived, and totals. ${mappingRules}`,
        body: promotionBody,
        response: { 200: ok(promotionPreview), 422: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: toPreview(await checkMappings(app.db, request.body.mappings)) }),
  );

  app.post(
    '/promotion',
    {
      schema: {
        tags,
        summary:
          'Apply the year-end promotion in one transaction: every student of each `from` rombel moves to its `to` rombel at once ' +
          '("lulus": no rombel, account deactivated, sessions ended), and every current class of each `from` rombel is archived ' +
          `(read-only, kept with its contents and grades). Rombels not mapped are untouched. ${mappingRules}`,
        body: promotionBody,
        response: { 200: ok(promotionResult), 422: errorEnvelope },
      },
    },
    async (request) => {
      const data = await app.db.transaction(async (tx) => {
        // Rombel edits and deletes wait for the promotion, which checks the rombels they would change.
        await lockRombelWrites(tx);
        const checked = await checkMappings(tx, request.body.mappings);
        const moves: Move[] = checked.map(({ from, to }) => ({
          from: from.id,
          to: to?.id ?? null,
        }));
        const result = await applyPromotion(tx, moves);
        await recordAudit(tx, request, {
          action: 'promotion.run',
          targetType: 'promotion',
          summary: checked.map(({ from, to }) => `${from.name} → ${to?.name ?? 'Lulus'}`).join(', '),
          after: { mappings: checked.map(({ from, to }) => `${from.name} → ${to?.name ?? 'Lulus'}`), ...result },
        });
        return result;
      });
      return { success: true as const, message: YEAR_MSG.promotionApplied, data };
    },
  );

  app.get(
    '/archived-classes',
    {
      schema: {
        tags,
        summary: 'Every archived online class with its rombel, teacher and archive time, most recently archived first',
        response: { 200: ok(archivedClass.array()) },
      },
    },
    async () => {
      const rows = await archivedClasses(app.db);
      return {
        success: true as const,
        data: rows.map(({ klass, rombelName, teacherName }) => ({
          id: klass.id,
          name: klass.name,
          rombel: { id: klass.rombelClassId, name: rombelName },
          teacher: { id: klass.teacherId, name: teacherName },
          archived_at: klass.archivedAt!.toISOString(),
        })),
      };
    },
  );
}
