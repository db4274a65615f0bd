/** The visibility fields of a content or an item as replies carry them. */
export const toVisibility = (v: { hidden: boolean; publishAt: Date | null }) => ({
  hidden: v.hidden,
  publish_at: v.publishAt?.toISOString() ?? null,
});
