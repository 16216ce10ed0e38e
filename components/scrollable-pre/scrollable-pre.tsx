import type { ComponentProps } from 'react';
import { VisibleText } from '@/components/visible-text/visible-text';

export type ScrollablePreProps = Omit<ComponentProps<'pre'>, 'tabIndex' | 'role' | 'aria-label'> & {
  /** What the text is, said by a screen reader when the box takes focus ("Inherited message 3"). */
  label: string;
};

/**
 * A <pre> whose text may not fit its box (a message clamped to a few lines, the raw plan). A mouse
 * scrolls it with the wheel; a keyboard only once it can take focus (WCAG 2.1.1), so it is a tab
 * stop, and a named group so a screen reader says which text the stop holds.
 */
export function ScrollablePre({ label, children, ...props }: ScrollablePreProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <fieldset> it suggests groups form controls; this is preformatted text that scrolls
    <pre
      {...props}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take focus for the arrow keys and Page Down to scroll it
      tabIndex={0}
      role="group"
      aria-label={label}
    >
      {/* A message's text shows its invisible characters; anything else (the plan as JSON, a diff) as given. */}
      {typeof children === 'string' ? <VisibleText text={children} /> : children}
    </pre>
  );
}
