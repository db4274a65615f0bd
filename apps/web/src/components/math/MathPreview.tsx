import { Paper, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MathText } from '../MathText';
import { hasMath } from './split';

/** How long typing pauses before the preview follows (ms). */
export const PREVIEW_DELAY = 300;

/**
 * "Pratinjau rumus" under a text box: the text as readers will see it, shown only while it holds a
 * formula, following the typing after a short pause.
 */
export function MathPreview({ text }: { text: string }) {
  const [shown] = useDebouncedValue(text, PREVIEW_DELAY);
  if (!hasMath(shown)) return null;
  return (
    <Paper withBorder p="xs" mt={6} bg="gray.0" component="section" aria-label="Pratinjau rumus" data-testid="math-preview">
      <Text size="xs" c="dimmed" fw={600} mb={4}>
        Pratinjau rumus
      </Text>
      <MathText size="sm" style={{ overflowWrap: 'anywhere' }}>
        {shown}
      </MathText>
    </Paper>
  );
}
