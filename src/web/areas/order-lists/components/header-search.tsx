import { Combobox, Group, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { canOpen, SCREENS } from '@/domain/access/screens';
import { formatDate, formatTime } from '@/domain/lib/dates';
import { formatPhone } from '@/domain/lib/format';
import { ORDER_STATUS_LABELS } from '@/domain/orders/order-enums';
import { orderListWithFreeText, orderSearchEnterTarget, orderSearchTarget } from '@/domain/orders/order-search';
import type { TOrderSearchHit, TOrderSearchResult } from '@/domain/orders/order-search.schemas';
import { useListNamedOnOpen } from '../../../components/select';
import { LoadingStatus } from '../../../components/query-state';
import { api } from '../../../lib/api-client';
import { useSession } from '../../users';

/** Suggestions wait this long after the last keystroke. */
const DEBOUNCE_MS = 150;
const LIST_OPTION = '__list__';

function orderSearchQuery(text: string) {
  return queryOptions({
    queryKey: ['order', 'search', text],
    queryFn: ({ signal }) => api.get<TOrderSearchResult>(`/api/order/search?q=${encodeURIComponent(text)}`, signal),
    staleTime: 30_000,
    meta: { errorMessage: 'Api: "searchOrders" failed' },
  });
}

function bookedText(hit: TOrderSearchHit): string {
  if (!hit.bookedAt) return 'Ikke booket';
  const time = formatTime(hit.bookedAt);
  return time && time !== '00:00' ? `${formatDate(hit.bookedAt)} ${time}` : formatDate(hit.bookedAt);
}

function HitOption({ hit }: { hit: TOrderSearchHit }) {
  return (
    <Combobox.Option
      value={hit.orderId}
      aria-label={`Ordre ${hit.orderNr}, ${hit.plate || 'ingen nummerplade'}, ${hit.customerName || 'ingen kunde'}`}
    >
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {hit.orderNr}
          {hit.plate ? ` · ${hit.plate}` : ''}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {ORDER_STATUS_LABELS[hit.orderStatus]}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {[hit.customerName, hit.customerPhone ? formatPhone(hit.customerPhone) : '', bookedText(hit), hit.departmentName]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </Combobox.Option>
  );
}

interface HeaderSearchFieldProps {
  initialValue: string;
  autoFocus: boolean;
  /** After an order or the list was opened (the phone closes its search row). */
  onDone?: () => void;
}

/**
 * The header's order search (issue 39): an order number, a plate, a phone number, an e-mail or a customer name;
 * suggestions from the first keystrokes, one hit's worksheet on Enter, the order list with the text for several.
 * A chunk of its own (Mantine's Combobox), loaded when the header's stand-in is first pointed at or focused.
 */
export function HeaderSearchField({ initialValue, autoFocus, onDone }: HeaderSearchFieldProps) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { user } = useSession();
  const roles = user?.roles ?? [];
  const inputRef = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState(initialValue);
  const text = term.trim();
  const [debounced] = useDebouncedValue(text, DEBOUNCE_MS);
  const search = useQuery({ ...orderSearchQuery(debounced), enabled: debounced !== '', placeholderData: keepPreviousData });
  const combobox = useCombobox(useListNamedOnOpen(undefined, () => combobox.resetSelectedOption()));
  const result = debounced !== '' ? search.data : undefined;
  const hits = result?.hits ?? [];
  const showList = result !== undefined && result.listed && hits.length > 1 && canOpen(SCREENS.ASSIGNMENTS.access, roles);

  // In the same commit as the swap from the stand-in: no keystroke falls between the two fields.
  useLayoutEffect(() => {
    if (!autoFocus) return;
    const input = inputRef.current;
    input?.focus();
    input?.setSelectionRange(input.value.length, input.value.length);
    if (initialValue.trim()) combobox.openDropdown();
    // Once, as the field takes over from the header's stand-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const go = (path: string) => {
    setTerm('');
    combobox.closeDropdown();
    inputRef.current?.blur();
    void navigate(path);
    onDone?.();
  };

  const submitTyped = async () => {
    if (!text) return;
    // The suggestions may be a keystroke behind: Enter acts on the text as it is now.
    const now = text === debounced && search.data ? search.data : await client.fetchQuery(orderSearchQuery(text));
    const target = orderSearchEnterTarget(now, text, roles);
    if (target) go(target);
    else combobox.openDropdown();
  };

  return (
    <Combobox
      store={combobox}
      keepMounted={false}
      onOptionSubmit={(value) => {
        if (value === LIST_OPTION) return go(orderListWithFreeText(text));
        const hit = hits.find((h) => h.orderId === value);
        if (hit) go(orderSearchTarget(hit));
      }}
    >
      <Combobox.Target>
        <TextInput
          ref={inputRef}
          type="search"
          aria-label="Søg ordre"
          placeholder="Søg ordre: nr., nummerplade, telefon, e-mail, navn"
          value={term}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={search.isFetching && debounced !== '' ? <LoadingStatus size={16} label="Søger" /> : null}
          onChange={(event) => {
            setTerm(event.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && combobox.getSelectedOptionIndex() < 0) {
              event.preventDefault();
              void submitTyped();
            }
          }}
          onFocus={() => text && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          autoComplete="off"
          maxLength={100}
          w="100%"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={text === '' || result === undefined}>
        <Combobox.Options mah={420} style={{ overflowY: 'auto' }} aria-label="Fundne ordrer">
          {hits.length === 0 ? (
            <Combobox.Empty>Ingen ordrer fundet</Combobox.Empty>
          ) : (
            hits.map((hit) => <HitOption key={hit.orderId} hit={hit} />)
          )}
          {showList ? (
            <Combobox.Option value={LIST_OPTION}>
              <Text size="sm" c="blue.8" fw={500}>
                {result.more ? 'Vis alle i Opgaver' : `Vis de ${hits.length} i Opgaver`}
              </Text>
            </Combobox.Option>
          ) : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
