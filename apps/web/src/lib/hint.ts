/** A hint under an input, dark enough to read (Mantine's dimmed grey fails the contrast check). */
export const hint = (description: string) => ({ description, styles: { description: { color: 'var(--mantine-color-gray-7)' } } });
