import {
  Autocomplete as MantineAutocomplete,
  type AutocompleteProps,
  Select as MantineSelect,
  type SelectProps,
} from '@mantine/core';
import { useEffect, useState } from 'react';

export type { AutocompleteProps, SelectProps };

/**
 * The app's Select and Autocomplete (an ESLint rule keeps Mantine's own out of the screens). A closed field's list is
 * not in the page: Mantine keeps it there, hidden, and positions and draws it with the field, which for the
 * dashboard's ten fields was most of one long task on a phone (issue 17: blocking time).
 *
 * Mantine names an opened list in the field's `aria-controls` and `aria-expanded` from a value its list sets when it
 * has been drawn, without drawing the field again; so the field is drawn once more when its list opens or closes.
 * A screen's own Combobox does the same with `keepMounted={false}` and these handlers in its useCombobox.
 */
export function useListNamedOnOpen(onOpen: (() => void) | undefined, onClose: (() => void) | undefined) {
  const [opened, setOpened] = useState(false);
  const [, setNamed] = useState(false);
  useEffect(() => setNamed(opened), [opened]);
  return {
    onDropdownOpen: () => {
      setOpened(true);
      onOpen?.();
    },
    onDropdownClose: () => {
      setOpened(false);
      onClose?.();
    },
  };
}

export function Select({ comboboxProps, onDropdownOpen, onDropdownClose, ...props }: SelectProps) {
  const handlers = useListNamedOnOpen(onDropdownOpen, onDropdownClose);
  return <MantineSelect {...props} {...handlers} comboboxProps={{ keepMounted: false, ...comboboxProps }} />;
}

export function Autocomplete({ comboboxProps, onDropdownOpen, onDropdownClose, ...props }: AutocompleteProps) {
  const handlers = useListNamedOnOpen(onDropdownOpen, onDropdownClose);
  return <MantineAutocomplete {...props} {...handlers} comboboxProps={{ keepMounted: false, ...comboboxProps }} />;
}
