import {
  Autocomplete as MantineAutocomplete,
  type AutocompleteProps,
  Combobox,
  getOptionsLockup,
  getParsedComboboxData,
  InputBase,
  Select as MantineSelect,
  type SelectProps,
} from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { createContext, forwardRef, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type PointerEvent } from 'react';

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
  const [, setOpened] = useOpenedAndNamed(false);
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

function useOpenedAndNamed(initiallyOpened: boolean) {
  const [opened, setOpened] = useState(initiallyOpened);
  const [, setNamed] = useState(false);
  useEffect(() => setNamed(opened), [opened]);
  return [opened, setOpened] as const;
}

/**
 * Whether a Select starts as its stand-in (below). On by default; a test that drives Mantine's own field from the
 * first event can turn it off.
 */
const StandIns = createContext(true);
export const SelectStandIns = StandIns.Provider;

/** How a stand-in was woken: by focus (the field takes it over) or by a press (the field also opens its list). */
type TWoken = 'focus' | 'press';

/**
 * A Select is drawn as a stand-in until it is first focused or pressed: the same input with the same label, value,
 * chevron and error, and a combobox to a screen reader, but without Mantine's Combobox. Mantine's Popover and
 * floating-ui keep the field's element in state set from a ref callback, so every Select is drawn twice in the task
 * that first draws it: on the dashboard, ten fields took 100–150 ms of a phone's main thread (issue 17). The stand-in
 * hands over on focus (Tab, a label's click, a dialog's first field) and on a press, where it also opens the list.
 */
export const Select = forwardRef<HTMLInputElement, SelectProps>(function Select(props, ref) {
  const standIns = useContext(StandIns);
  const [woken, setWoken] = useState<TWoken | null>(null);
  const { dropdownOpened, defaultDropdownOpened, autoFocus, clearable, value, defaultValue, disabled } = props;
  // Once Mantine's field, always: a clearable field cleared by its button must not turn back into a stand-in under
  // the user's focus.
  const wasLive = useRef(false);
  const live =
    wasLive.current ||
    woken !== null ||
    !standIns ||
    dropdownOpened !== undefined ||
    defaultDropdownOpened ||
    autoFocus ||
    (clearable && (value ?? defaultValue) != null);
  wasLive.current = Boolean(live);
  if (live) return <LiveSelect {...props} ref={ref} woken={woken} />;
  return <SelectStandIn {...props} ref={ref} onWake={disabled ? undefined : setWoken} />;
});

type TLiveSelectProps = SelectProps & { woken: TWoken | null };

const LiveSelect = forwardRef<HTMLInputElement, TLiveSelectProps>(function LiveSelect(
  { woken, comboboxProps, onDropdownOpen, onDropdownClose, ...props },
  ref,
) {
  // The list's open state is kept here (not in Mantine) so that the press that woke the field can open it.
  const [opened, setOpened] = useOpenedAndNamed(false);
  const input = useRef<HTMLInputElement>(null);
  const merged = useMergedRef(ref, input);
  // On a touch screen the tap that woke the field also clicks the new one, and Mantine closes an open list on a
  // click: that one close is left out, until the next press, key or click.
  const wakingPress = useRef(woken === 'press');
  useLayoutEffect(() => {
    if (!woken) return;
    input.current?.focus();
    // As Tab into a text field does: typing replaces the searchable field's text.
    if (woken === 'focus' && props.searchable) input.current?.select();
    if (woken !== 'press') return;
    // Opened after the first drawing, as a click would: the list's portal is in the page by then, so the list is
    // drawn, then named in the field (useOpenedAndNamed).
    setOpened(true);
    onDropdownOpen?.();
    const done = () => {
      wakingPress.current = false;
      window.clearTimeout(timer);
      document.removeEventListener('pointerdown', done, true);
      document.removeEventListener('keydown', done, true);
      document.removeEventListener('click', done);
    };
    const timer = window.setTimeout(done, 1000);
    document.addEventListener('pointerdown', done, true);
    document.addEventListener('keydown', done, true);
    document.addEventListener('click', done);
    return done;
    // Only the mount that took over from the stand-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <MantineSelect
      {...props}
      ref={merged}
      {...(props.dropdownOpened === undefined ? { dropdownOpened: opened } : {})}
      onDropdownOpen={() => {
        setOpened(true);
        onDropdownOpen?.();
      }}
      onDropdownClose={() => {
        if (wakingPress.current) return;
        setOpened(false);
        onDropdownClose?.();
      }}
      comboboxProps={{ keepMounted: false, ...comboboxProps }}
    />
  );
});

type TStandInProps = SelectProps & { onWake: ((how: TWoken) => void) | undefined };

const SelectStandIn = forwardRef<HTMLInputElement, TStandInProps>(function SelectStandIn(props, ref) {
  const {
    onWake,
    // What only Mantine's Select uses (its own list of props, Select.mjs), or what the field it wakes into answers.
    dropdownOpened: _dropdownOpened,
    defaultDropdownOpened: _defaultDropdownOpened,
    onDropdownClose: _onDropdownClose,
    onDropdownOpen: _onDropdownOpen,
    onFocus: _onFocus,
    onBlur: _onBlur,
    onClick: _onClick,
    onChange: _onChange,
    data,
    value,
    defaultValue,
    selectFirstOptionOnChange: _selectFirstOptionOnChange,
    selectFirstOptionOnDropdownOpen: _selectFirstOptionOnDropdownOpen,
    onOptionSubmit: _onOptionSubmit,
    comboboxProps: _comboboxProps,
    readOnly,
    filter: _filter,
    limit: _limit,
    withScrollArea: _withScrollArea,
    maxDropdownHeight: _maxDropdownHeight,
    floatingHeight: _floatingHeight,
    searchable,
    checkIconPosition: _checkIconPosition,
    withCheckIcon: _withCheckIcon,
    withAlignedLabels: _withAlignedLabels,
    nothingFoundMessage: _nothingFoundMessage,
    name,
    form,
    searchValue,
    defaultSearchValue: _defaultSearchValue,
    onSearchChange: _onSearchChange,
    allowDeselect: _allowDeselect,
    rightSectionPointerEvents: _rightSectionPointerEvents,
    clearable: _clearable,
    clearSectionMode: _clearSectionMode,
    clearButtonProps: _clearButtonProps,
    hiddenInputProps,
    renderOption: _renderOption,
    onClear: _onClear,
    scrollAreaProps: _scrollAreaProps,
    chevronColor,
    autoSelectOnBlur: _autoSelectOnBlur,
    openOnFocus: _openOnFocus,
    ...field
  } = props;
  const lockup = useMemo(() => getOptionsLockup(getParsedComboboxData(data)), [data]);
  const chosen = value === undefined ? defaultValue : value;
  const shown = searchValue ?? (chosen != null ? (lockup[`${chosen}`]?.label ?? '') : '');
  return (
    <>
      <InputBase
        {...field}
        ref={ref}
        __staticSelector="Select"
        rightSection={field.rightSection ?? <Combobox.Chevron size={field.size} error={field.error} color={chevronColor} />}
        rightSectionPointerEvents="none"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={false}
        autoComplete="off"
        pointer={!searchable}
        // A searchable field types (and a browser test fills it), so it is no read-only input even as a stand-in.
        readOnly={readOnly || !searchable}
        value={shown}
        onChange={() => onWake?.('focus')}
        onFocus={() => onWake?.('focus')}
        onPointerDown={(event: PointerEvent<HTMLInputElement>) => {
          if (event.button !== 0 || readOnly) return;
          // No mousedown on the stand-in, which would take the focus from the field that replaces it.
          event.preventDefault();
          onWake?.('press');
        }}
      />
      {name ? <input type="hidden" name={name} form={form} value={chosen ?? ''} {...hiddenInputProps} /> : null}
    </>
  );
});

export function Autocomplete({ comboboxProps, onDropdownOpen, onDropdownClose, ...props }: AutocompleteProps) {
  const handlers = useListNamedOnOpen(onDropdownOpen, onDropdownClose);
  return <MantineAutocomplete {...props} {...handlers} comboboxProps={{ keepMounted: false, ...comboboxProps }} />;
}
