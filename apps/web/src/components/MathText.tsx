import { Text, type TextProps } from '@mantine/core';

/**
 * Text a teacher or student wrote, line breaks kept — questions, options, feedback, descriptions,
 * announcements, forum posts. Issue 41: TeX between \( \), \[ \] or $$ $$ is rendered with KaTeX,
 * loaded only when the text holds a formula.
 */
export function MathText({ children, ...props }: TextProps & { children: string }) {
  return (
    <Text className="kls-pre" {...props}>
      {children}
    </Text>
  );
}
