import { Menu, type MenuDropdownProps, type MenuProps } from '@mantine/core';
import { cloneElement, useLayoutEffect, useRef, useState, type ReactElement, type ReactNode, type Ref } from 'react';

interface LazyMenuProps extends Omit<MenuProps, 'children' | 'opened' | 'defaultOpened' | 'onChange'> {
  /** The button that opens the menu (an ActionIcon, a Button). */
  target: ReactElement<{ ref?: Ref<HTMLElement>; onClick?: () => void; 'aria-haspopup'?: 'menu'; 'aria-expanded'?: boolean }>;
  dropdownProps?: Omit<MenuDropdownProps, 'children'>;
  /** The menu's items, drawn once the menu is first opened. */
  children: ReactNode;
}

/**
 * A menu drawn as its button alone until the button is first pressed, for menus repeated on every row of a list.
 * Mantine's Menu is a Popover, which keeps its button in state set from a ref callback (floating-ui), so each menu
 * was drawn twice in the task that first drew it, and a phone's list of 25 orders carried 25 closed Popovers with
 * their portals and transitions (issue 17: blocking time). The first press draws Mantine's Menu, open, with the focus
 * on its button as a press leaves it; the menu then moves it to its items as it always does.
 */
export function LazyMenu({ target, dropdownProps, children, ...menuProps }: LazyMenuProps) {
  const [live, setLive] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLElement>(null);
  const pressed = useRef(false);
  useLayoutEffect(() => {
    if (!live || !pressed.current) return;
    pressed.current = false;
    // The button was drawn anew inside the menu: the focus follows it.
    button.current?.focus();
  }, [live]);

  if (!live) {
    return cloneElement(target, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: () => {
        pressed.current = true;
        setLive(true);
        setOpened(true);
      },
    });
  }
  return (
    <Menu {...menuProps} opened={opened} onChange={setOpened}>
      <Menu.Target>{cloneElement(target, { ref: button })}</Menu.Target>
      <Menu.Dropdown {...dropdownProps}>{children}</Menu.Dropdown>
    </Menu>
  );
}
