import { Tooltip, type TooltipProps } from '@mantine/core';
import { cloneElement, useState, type PointerEvent, type ReactElement } from 'react';
import { flushSync } from 'react-dom';

type TTarget = ReactElement<{ onPointerEnter?: (event: PointerEvent<HTMLElement>) => void }>;

/**
 * A tooltip drawn as its element alone until a mouse first comes over it, for tooltips repeated on every row of a
 * list. Mantine's Tooltip is a floating-ui popover with a portal and a transition, drawn twice in the task that first
 * draws it (as the menus were, LazyMenu); the desktop Opgaver carried 75 of them. Mantine's Tooltip opens on hover
 * only (not on focus or a touch), so the first mouse over the element draws it, opened, and from then on it opens and
 * closes as Mantine's. The element is drawn anew inside the tooltip at once (flushSync), within the pointer's arrival,
 * so a press that follows lands on the new one.
 */
export function LazyTooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: TTarget }) {
  const [woken, setWoken] = useState(false);
  if (woken) {
    return (
      <Tooltip {...props} defaultOpened>
        {children}
      </Tooltip>
    );
  }
  return cloneElement(children, {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      children.props.onPointerEnter?.(event);
      if (event.pointerType === 'touch') return;
      flushSync(() => setWoken(true));
    },
  });
}
