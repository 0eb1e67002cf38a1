import { ActionIcon, CloseButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useRef, useState } from 'react';
import { canOpen } from '@/domain/access/screens';
import { ORDER_SEARCH_ACCESS } from '@/domain/orders/order-search';
import './header-search.css';

type Field = ComponentType<{ initialValue: string; autoFocus: boolean; onDone?: () => void }>;

/** The search field's chunk (Mantine's Combobox and the query), asked for once. */
let loading: Promise<Field> | null = null;
let loaded: Field | null = null;
function loadField(): Promise<Field> {
  loading ??= import('../../areas/order-lists/components/header-search').then((m) => (loaded = m.HeaderSearchField));
  return loading;
}

/**
 * The header's order search (issue 39). The shell draws a plain field (its stand-in) and the real one, a chunk of its
 * own, is loaded when the stand-in is pointed at or focused; what was typed meanwhile is carried over.
 */
function SearchSlot({ autoFocus = false, onDone }: { autoFocus?: boolean; onDone?: () => void }) {
  const [Loaded, setLoaded] = useState<Field | null>(() => loaded);
  const [value, setValue] = useState('');
  const focused = useRef(autoFocus);
  const wake = () => {
    if (!Loaded) void loadField().then((field) => setLoaded(() => field));
  };
  if (Loaded) return <Loaded initialValue={value} autoFocus={focused.current} onDone={onDone} />;
  return (
    <div className="header-search-standin">
      <IconSearch size={16} aria-hidden />
      <input
        type="search"
        aria-label="Søg ordre"
        placeholder="Søg ordre: nr., nummerplade, telefon, e-mail, navn"
        value={value}
        autoComplete="off"
        maxLength={100}
        autoFocus={autoFocus}
        onChange={(event) => setValue(event.currentTarget.value)}
        onPointerEnter={wake}
        onFocus={() => {
          focused.current = true;
          wake();
        }}
        onBlur={() => {
          focused.current = false;
        }}
      />
    </div>
  );
}

/** On a desktop the field itself, between the name and the user. */
export function HeaderSearch({ roles }: { roles: readonly string[] }) {
  if (!canOpen(ORDER_SEARCH_ACCESS, roles)) return null;
  return (
    <div className="header-search" role="search">
      <SearchSlot />
    </div>
  );
}

/** On a phone a search button; the field opens in a row below the header. */
export function PhoneHeaderSearch({ roles }: { roles: readonly string[] }) {
  const [opened, setOpened] = useState(false);
  if (!canOpen(ORDER_SEARCH_ACCESS, roles)) return null;
  return (
    <>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label="Søg ordre"
        aria-expanded={opened}
        onClick={() => setOpened((o) => !o)}
        onPointerEnter={() => void loadField()}
      >
        <IconSearch size={22} stroke={1.6} />
      </ActionIcon>
      {opened ? (
        <div className="header-search-row" role="search">
          <div className="header-search">
            <SearchSlot autoFocus onDone={() => setOpened(false)} />
          </div>
          <CloseButton aria-label="Luk søgning" onClick={() => setOpened(false)} />
        </div>
      ) : null}
    </>
  );
}
