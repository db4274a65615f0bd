/** A score as Indonesians write it (82,5), or a dash when there is none. */
export const formatScore = (n: number | null | undefined) =>
  n === null || n === undefined ? '–' : n.toLocaleString('id-ID', { maximumFractionDigits: 2 });
